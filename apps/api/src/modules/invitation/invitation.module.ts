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
import { InvitationService } from './invitation.service';

@Module({
  imports: [AccountModule, OrganizationModule, MembershipModule, RoleModule, MailModule, AuditModule, IdempotencyModule, InvitationGrantsModule],
  controllers: [InvitationController, OrganizationInvitationController],
  providers: [InvitationService],
  exports: [InvitationService],
})
export class InvitationModule {}
