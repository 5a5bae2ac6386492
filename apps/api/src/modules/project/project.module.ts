import { Module } from '@nestjs/common';
import { OrganizationModule } from '../organization/organization.module';
import { RoleModule } from '../role/role.module';
import { ProjectRepository } from './project.repository';
import { ProjectService } from './project.service';

@Module({
  imports: [RoleModule, OrganizationModule],
  providers: [ProjectRepository, ProjectService],
  exports: [ProjectRepository, ProjectService],
})
export class ProjectModule {}
