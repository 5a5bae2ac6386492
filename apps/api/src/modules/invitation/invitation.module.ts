import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { AuditModule } from '../audit/audit.module';
import { MailModule } from '../mail/mail.module';
import { OrganizationModule } from '../organization/organization.module';
import { ProjectModule } from '../project/project.module';
import { RoleModule } from '../role/role.module';
import { InvitationController, OrganizationInvitationController } from './invitation.controller';
import { InvitationRepository } from './invitation.repository';
import { InvitationService } from './invitation.service';

@Module({
  imports: [AccountModule, OrganizationModule, ProjectModule, RoleModule, MailModule, AuditModule],
  controllers: [InvitationController, OrganizationInvitationController],
  providers: [InvitationRepository, InvitationService],
  exports: [InvitationRepository, InvitationService],
})
export class InvitationModule {}
