import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { AuditModule } from '../audit/audit.module';
import { InvitationGrantsModule } from '../invitation/invitation-grants.module';
import { RoleModule } from '../role/role.module';
import { MembershipModule } from './membership.module';
import { RoleAssignmentController } from './role-assignment.controller';
import { RoleAssignmentService } from './role-assignment.service';

/** /account/assignOrganizationRole and /account/assignProjectRole: they span accounts, roles and memberships. */
@Module({
  imports: [MembershipModule, AccountModule, RoleModule, AuditModule, InvitationGrantsModule],
  controllers: [RoleAssignmentController],
  providers: [RoleAssignmentService],
})
export class RoleAssignmentModule {}
