import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { InvitationGrantsModule } from '../invitation/invitation-grants.module';
import { InvitationModule } from '../invitation/invitation.module';
import { MembershipModule } from '../membership/membership.module';
import { ProjectModule } from '../project/project.module';
import { RoleModule } from '../role/role.module';
import { MemberCsvController } from './member-csv.controller';
import { MemberExportService } from './member-export.service';
import { MemberImportService } from './member-import.service';

/** The member CSV of an organization: export, and import as invitations (docs/product-rules.md#member-csv). */
@Module({
  imports: [AccountModule, MembershipModule, ProjectModule, RoleModule, InvitationGrantsModule, InvitationModule],
  controllers: [MemberCsvController],
  providers: [MemberExportService, MemberImportService],
  exports: [MemberExportService],
})
export class MemberCsvModule {}
