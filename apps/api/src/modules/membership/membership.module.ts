import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { AuditModule } from '../audit/audit.module';
import { OrganizationModule } from '../organization/organization.module';
import { ProjectModule } from '../project/project.module';
import { RoleModule } from '../role/role.module';
import { MembershipController } from './membership.controller';
import { MembershipService } from './membership.service';

@Module({
  imports: [AccountModule, OrganizationModule, ProjectModule, RoleModule, AuditModule],
  controllers: [MembershipController],
  providers: [MembershipService],
})
export class MembershipModule {}
