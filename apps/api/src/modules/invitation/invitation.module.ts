import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { AuditModule } from '../audit/audit.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { MailModule } from '../mail/mail.module';
import { MembershipModule } from '../membership/membership.module';
import { OrganizationModule } from '../organization/organization.module';
import { RoleModule } from '../role/role.module';
import { InvitationController, OrganizationInvitationController } from './invitation.controller';
import { InvitationRepository } from './invitation.repository';
import { InvitationService } from './invitation.service';

@Module({
  imports: [AccountModule, OrganizationModule, MembershipModule, RoleModule, MailModule, AuditModule, IdempotencyModule],
  controllers: [InvitationController, OrganizationInvitationController],
  providers: [InvitationRepository, InvitationService],
  exports: [InvitationRepository, InvitationService],
})
export class InvitationModule {}
