import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { OrganizationModule } from '../organization/organization.module';
import { ProjectModule } from '../project/project.module';
import { SystemAdminController } from './system-admin.controller';

/** System administration (spec §6): accounts' system-admin rights, organizations and projects of every customer. */
@Module({
  imports: [AccountModule, OrganizationModule, ProjectModule],
  controllers: [SystemAdminController],
})
export class SystemAdminModule {}
