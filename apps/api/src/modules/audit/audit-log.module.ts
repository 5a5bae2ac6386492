import { Module } from '@nestjs/common';
import { MembershipModule } from '../membership/membership.module';
import { OrganizationAuditLogController, SystemAuditLogController } from './audit-log.controller';
import { AuditLogService } from './audit-log.service';
import { AuditModule } from './audit.module';

/** Reading the audit log: listings and CSV exports. */
@Module({
  imports: [AuditModule, MembershipModule],
  controllers: [OrganizationAuditLogController, SystemAuditLogController],
  providers: [AuditLogService],
  exports: [AuditLogService],
})
export class AuditLogModule {}
