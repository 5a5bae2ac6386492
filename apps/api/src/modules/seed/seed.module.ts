import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { MembershipModule } from '../membership/membership.module';
import { OrganizationModule } from '../organization/organization.module';
import { ProjectModule } from '../project/project.module';
import { RoleModule } from '../role/role.module';
import { SeedService } from './seed.service';

@Module({ imports: [AccountModule, OrganizationModule, ProjectModule, RoleModule, MembershipModule], providers: [SeedService] })
export class SeedModule {}
