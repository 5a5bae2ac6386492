import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ProjectMembershipEntity } from './project-membership.entity';
import { ProjectEntity } from './project.entity';

/** The only place that reads and writes projects and their memberships. */
@Injectable()
export class ProjectRepository {
  constructor(private readonly dataSource: DataSource) {}

  private projects(manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(ProjectEntity);
  }

  private memberships(manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(ProjectMembershipEntity);
  }

  findById(id: string, manager?: EntityManager): Promise<ProjectEntity | null> {
    return this.projects(manager).findOneBy({ id });
  }

  async insert(project: ProjectEntity, manager?: EntityManager): Promise<void> {
    await this.projects(manager).insert(project);
  }

  async insertMembership(membership: ProjectMembershipEntity, manager?: EntityManager): Promise<void> {
    await this.memberships(manager).insert(membership);
  }
}
