import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { AuditLogModule } from '../audit/audit-log.module';
import { AuditModule } from '../audit/audit.module';
import { InvitationGrantsModule } from '../invitation/invitation-grants.module';
import { MemberCsvModule } from '../member-csv/member-csv.module';
import { MembershipModule } from '../membership/membership.module';
import { OrganizationDomainModule } from '../organization-domain/organization-domain.module';
import { OrganizationModule } from '../organization/organization.module';
import { ProjectModule } from '../project/project.module';
import { RoleModule } from '../role/role.module';
import { OrganizationExportController } from './organization-export.controller';
import { OrganizationExportService } from './organization-export.service';

/** An organization's data as one streamed ZIP archive (docs/product-rules.md#organization-export). Above the modules whose data it spans. */
@Module({
  imports: [
    AccountModule,
    AuditModule,
    AuditLogModule,
    InvitationGrantsModule,
    MemberCsvModule,
    MembershipModule,
    OrganizationDomainModule,
    OrganizationModule,
    ProjectModule,
    RoleModule,
  ],
  controllers: [OrganizationExportController],
  providers: [OrganizationExportService],
})
export class OrganizationExportModule {}
