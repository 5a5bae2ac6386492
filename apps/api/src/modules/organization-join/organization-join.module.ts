import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { AuditModule } from '../audit/audit.module';
import { InvitationGrantsModule } from '../invitation/invitation-grants.module';
import { MailModule } from '../mail/mail.module';
import { MembershipModule } from '../membership/membership.module';
import { OrganizationDomainModule } from '../organization-domain/organization-domain.module';
import { OrganizationModule } from '../organization/organization.module';
import { RoleModule } from '../role/role.module';
import { JoinRequestRepository } from './join-request.repository';
import { OrganizationJoinController } from './organization-join.controller';
import { OrganizationJoinService } from './organization-join.service';

/** Joining organizations through their verified domains (docs/product-rules.md#auto-join). */
@Module({
  imports: [AccountModule, AuditModule, InvitationGrantsModule, MailModule, MembershipModule, OrganizationDomainModule, OrganizationModule, RoleModule],
  controllers: [OrganizationJoinController],
  providers: [JoinRequestRepository, OrganizationJoinService],
})
export class OrganizationJoinModule {}
