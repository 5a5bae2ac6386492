import { Injectable } from '@nestjs/common';
import { DomainError, generateId, isValidName, type ProductSettings } from '@console/domain';
import { DataSource, type EntityManager } from 'typeorm';
import type { Operator } from '../../common/auth/operator';
import { OrganizationRepository } from '../organization/organization.repository';
import { RoleRepository } from '../role/role.repository';
import { ProjectEntity } from './project.entity';
import { ProjectRepository } from './project.repository';

@Injectable()
export class ProjectService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projects: ProjectRepository,
    private readonly organizations: OrganizationRepository,
    private readonly roles: RoleRepository,
  ) {}

  /** Creates a project of an organization with its preset roles (admin, member). */
  async create(
    operator: Pick<Operator, 'id'>,
    props: { organizationId: string; name: string; productSettings?: ProductSettings; id?: string },
    manager?: EntityManager,
  ): Promise<ProjectEntity> {
    const name = props.name.trim();
    if (!isValidName(name)) throw new DomainError('NAME_REQUIRED');
    const run = async (m: EntityManager) => {
      const organization = await this.organizations.findById(props.organizationId, m);
      if (!organization) throw new DomainError('NOT_FOUND');
      const project = Object.assign(new ProjectEntity(), {
        id: props.id ?? generateId('project'),
        organizationId: organization.id,
        name,
        productSettings: props.productSettings ?? {},
        createdById: operator.id,
        updatedById: operator.id,
      });
      await this.projects.insert(project, m);
      await this.roles.insertPresets({ organizationId: organization.id, projectId: project.id }, operator.id, m);
      return (await this.projects.findById(project.id, m)) ?? project;
    };
    return manager ? run(manager) : this.dataSource.transaction(run);
  }
}
