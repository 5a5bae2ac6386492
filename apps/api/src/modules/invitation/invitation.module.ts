import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { AuditModule } from '../audit/audit.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { MailModule } from '../mail/mail.module';
import { MembershipModule } from '../membership/membership.module';
import { OrganizationModule } from '../organization/organization.module';
import { RoleModule } from '../role/role.module';
import { InvitationController, OrganizationInvitationController } from './invitation.controller';
import { InvitationGrantsModule } from './invitation-grants.module';
import { InvitationAcceptanceService } from './invitation-acceptance.service';
import { InvitationCancellationService } from './invitation-cancellation.service';
import { InvitationService } from './invitation.service';
import { InviteAddressService } from './invite-address.service';
import { InviteMembersService } from './invite-members.service';

@Module({
  imports: [AccountModule, OrganizationModule, MembershipModule, RoleModule, MailModule, AuditModule, IdempotencyModule, InvitationGrantsModule],
  controllers: [InvitationController, OrganizationInvitationController],
  providers: [InvitationService, InviteMembersService, InviteAddressService, InvitationAcceptanceService, InvitationCancellationService],
  exports: [InviteMembersService],
})
export class InvitationModule {}
