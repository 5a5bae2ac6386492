import { Module } from '@nestjs/common';
import { OrganizationModule } from '../organization/organization.module';
import { OrganizationAuditLogController, SystemAuditLogController } from './audit-log.controller';
import { AuditLogService } from './audit-log.service';
import { AuditModule } from './audit.module';

/** Reading the audit log: listings and CSV exports. */
@Module({
  imports: [AuditModule, OrganizationModule],
  controllers: [OrganizationAuditLogController, SystemAuditLogController],
  providers: [AuditLogService],
})
export class AuditLogModule {}
