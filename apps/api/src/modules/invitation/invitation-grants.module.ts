import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { AuditModule } from '../audit/audit.module';
import { MembershipModule } from '../membership/membership.module';
import { RoleModule } from '../role/role.module';
import { InvitationGrantsService } from './invitation-grants.service';
import { InvitationRepository } from './invitation.repository';

/**
 * The invitations' table (InvitationRepository) and the rule that an invitation grants no more than
 * its sender may still grant (InvitationGrantsService): below the invitation module, so that the
 * organization, project and role assignment modules, whose changes cancel the invitations a demoted
 * or removed sender can no longer send, can import it without a cycle.
 */
@Module({
  imports: [AccountModule, MembershipModule, RoleModule, AuditModule],
  providers: [InvitationRepository, InvitationGrantsService],
  exports: [InvitationRepository, InvitationGrantsService],
})
export class InvitationGrantsModule {}
