import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { AuditModule } from '../audit/audit.module';
import { FilesModule } from '../files/files.module';
import { InvitationGrantsModule } from '../invitation/invitation-grants.module';
import { MembershipModule } from '../membership/membership.module';
import { OrganizationModule } from '../organization/organization.module';
import { ProjectModule } from '../project/project.module';
import { RoleModule } from '../role/role.module';
import { AccountDataController } from './account-data.controller';
import { AccountDeletionService } from './account-deletion.service';
import { AccountExportService } from './account-export.service';

/** A person's own data: deleting the account and downloading its data (docs/product-rules.md#account-deletion). Above the modules whose data it spans. */
@Module({
  imports: [AccountModule, AuditModule, FilesModule, InvitationGrantsModule, MembershipModule, OrganizationModule, ProjectModule, RoleModule],
  controllers: [AccountDataController],
  providers: [AccountDeletionService, AccountExportService],
})
export class AccountDataModule {}
