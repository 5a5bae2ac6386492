import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { AuditModule } from '../audit/audit.module';
import { FilesModule } from '../files/files.module';
import { InvitationGrantsModule } from '../invitation/invitation-grants.module';
import { MembershipModule } from '../membership/membership.module';
import { RoleModule } from '../role/role.module';
import { OrganizationController } from './organization.controller';
import { OrganizationRepository } from './organization.repository';
import { OrganizationService } from './organization.service';

@Module({
  imports: [RoleModule, AccountModule, FilesModule, AuditModule, MembershipModule, InvitationGrantsModule],
  controllers: [OrganizationController],
  providers: [OrganizationRepository, OrganizationService],
  exports: [OrganizationRepository, OrganizationService],
})
export class OrganizationModule {}
