import { Injectable } from '@nestjs/common';
import { generateId, PRESET_ORGANIZATION_ROLES, PRESET_PROJECT_ROLES, type RoleDefinition } from '@console/domain';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, IsNull } from 'typeorm';
import { RoleEntity } from './role.entity';

/** The only place that reads and writes roles (in the transaction in progress, if any). */
@Injectable()
export class RoleRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private roles() {
    return this.txHost.tx.getRepository(RoleEntity);
  }

  /** Creates the preset roles of a new organization (projectId null) or project. */
  async insertPresets(scope: { organizationId: string; projectId: string | null }, operatorId: string): Promise<RoleEntity[]> {
    const presets: readonly RoleDefinition[] = scope.projectId === null ? PRESET_ORGANIZATION_ROLES : PRESET_PROJECT_ROLES;
    const rows = presets.map((preset) =>
      Object.assign(new RoleEntity(), {
        id: generateId('role'),
        organizationId: scope.organizationId,
        projectId: scope.projectId,
        key: preset.key,
        name: preset.name,
        description: preset.description,
        isPreset: true,
        createdById: operatorId,
        updatedById: operatorId,
      }),
    );
    await this.roles().insert(rows);
    return rows;
  }

  findOrganizationRoles(organizationIds: readonly string[]): Promise<RoleEntity[]> {
    if (organizationIds.length === 0) return Promise.resolve([]);
    return this.roles().find({
      where: { organizationId: In([...organizationIds]), projectId: IsNull() },
      order: { isPreset: 'DESC', createdAt: 'ASC', key: 'ASC' },
    });
  }

  findProjectRoles(projectIds: readonly string[]): Promise<RoleEntity[]> {
    if (projectIds.length === 0) return Promise.resolve([]);
    return this.roles().find({ where: { projectId: In([...projectIds]) }, order: { isPreset: 'DESC', createdAt: 'ASC', key: 'ASC' } });
  }

  /** The role `roleId` of the organization itself (not of one of its projects), if it exists. */
  findOrganizationRole(organizationId: string, roleId: string): Promise<RoleEntity | null> {
    return this.roles().findOneBy({ id: roleId, organizationId, projectId: IsNull() });
  }

  /** The role `roleId` of the project, if it exists. */
  findProjectRole(projectId: string, roleId: string): Promise<RoleEntity | null> {
    return this.roles().findOneBy({ id: roleId, projectId });
  }
}
