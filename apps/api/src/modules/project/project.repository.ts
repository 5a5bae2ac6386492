import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { OrganizationMembershipEntity } from '../organization/organization-membership.entity';
import { RoleEntity } from '../role/role.entity';
import { ProjectMembershipEntity } from './project-membership.entity';
import { ProjectEntity } from './project.entity';

/** A project with one account's role keys in it and in its organization (null: not a member). */
export interface ProjectAccess {
  project: ProjectEntity;
  organizationRoleKey: string | null;
  projectRoleKey: string | null;
}

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

  /** The project, its row locked until the transaction of `manager` ends (the state a change starts from). */
  findByIdForUpdate(id: string, manager: EntityManager): Promise<ProjectEntity | null> {
    return this.projects(manager).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Every project, by organization and name. */
  findAll(manager?: EntityManager): Promise<ProjectEntity[]> {
    return this.projects(manager).find({ order: { organizationId: 'ASC', name: 'ASC', id: 'ASC' } });
  }

  /** The projects of every organization the account is a member of; one statement. */
  findOfMemberOrganizations(accountId: string, manager?: EntityManager): Promise<ProjectEntity[]> {
    return this.projects(manager)
      .createQueryBuilder('project')
      .innerJoin(OrganizationMembershipEntity, 'membership', 'membership.organizationId = project.organizationId AND membership.accountId = :accountId', { accountId })
      .orderBy('project.organizationId', 'ASC')
      .addOrderBy('project.name', 'ASC')
      .addOrderBy('project.id', 'ASC')
      .getMany();
  }

  /** The project with the account's role keys in the project and in its organization, in one statement. */
  async findAccess(accountId: string, projectId: string, manager?: EntityManager): Promise<ProjectAccess | null> {
    const { entities, raw } = await this.projects(manager)
      .createQueryBuilder('project')
      .leftJoin(OrganizationMembershipEntity, 'organizationMembership', 'organizationMembership.organizationId = project.organizationId AND organizationMembership.accountId = :accountId', { accountId })
      .leftJoin(RoleEntity, 'organizationRole', 'organizationRole.id = organizationMembership.roleId')
      .leftJoin(ProjectMembershipEntity, 'projectMembership', 'projectMembership.projectId = project.id AND projectMembership.accountId = :accountId', { accountId })
      .leftJoin(RoleEntity, 'projectRole', 'projectRole.id = projectMembership.roleId')
      .addSelect('organizationRole.key', 'organization_role_key')
      .addSelect('projectRole.key', 'project_role_key')
      .where('project.id = :projectId', { projectId })
      .getRawAndEntities<{ organization_role_key: string | null; project_role_key: string | null }>();
    const project = entities[0];
    if (!project) return null;
    return { project, organizationRoleKey: raw[0]?.organization_role_key ?? null, projectRoleKey: raw[0]?.project_role_key ?? null };
  }

  async insert(project: ProjectEntity, manager?: EntityManager): Promise<void> {
    await this.projects(manager).insert(project);
  }

  async update(id: string, changes: Partial<Pick<ProjectEntity, 'name' | 'productSettings' | 'updatedById'>>, manager?: EntityManager): Promise<void> {
    await this.projects(manager).update({ id }, changes);
  }

  async insertMembership(membership: ProjectMembershipEntity, manager?: EntityManager): Promise<void> {
    await this.memberships(manager).insert(membership);
  }

  async insertMemberships(memberships: readonly ProjectMembershipEntity[], manager?: EntityManager): Promise<void> {
    if (memberships.length > 0) await this.memberships(manager).insert([...memberships]);
  }

  /** Sets the account's role in the project, adding the membership when missing (merge by projectId). */
  async upsertMembership(membership: Pick<ProjectMembershipEntity, 'accountId' | 'projectId' | 'organizationId' | 'roleId'>, operatorId: string, manager?: EntityManager): Promise<void> {
    await this.memberships(manager)
      .createQueryBuilder()
      .insert()
      .values({ ...membership, createdById: operatorId, updatedById: operatorId })
      .orUpdate(['role_id', 'updated_by_id', 'updated_at'], ['account_id', 'project_id'])
      .execute();
  }

  /** Removes the membership; the removed one (its role), or null when there was none. */
  async deleteMembership(accountId: string, projectId: string, manager?: EntityManager): Promise<{ roleId: string } | null> {
    const result = await this.memberships(manager).createQueryBuilder().delete().where({ accountId, projectId }).returning('role_id').execute();
    const [removed] = result.raw as { role_id: string }[];
    return removed ? { roleId: removed.role_id } : null;
  }
}
