import { Injectable } from '@nestjs/common';
import { DomainError, generateId, isValidName } from '@console/domain';
import { DataSource, type EntityManager } from 'typeorm';
import type { Operator } from '../../common/auth/operator';
import { RoleRepository } from '../role/role.repository';
import { OrganizationEntity } from './organization.entity';
import { OrganizationRepository } from './organization.repository';

@Injectable()
export class OrganizationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly organizations: OrganizationRepository,
    private readonly roles: RoleRepository,
  ) {}

  /** Creates an organization with its preset roles (admin, member). */
  async create(operator: Pick<Operator, 'id'>, props: { name: string; profileImageSrc?: string | null; id?: string }, manager?: EntityManager): Promise<OrganizationEntity> {
    const name = props.name.trim();
    if (!isValidName(name)) throw new DomainError('NAME_REQUIRED');
    const run = async (m: EntityManager) => {
      const organization = Object.assign(new OrganizationEntity(), {
        id: props.id ?? generateId('organization'),
        name,
        profileImageSrc: props.profileImageSrc ?? null,
        createdById: operator.id,
        updatedById: operator.id,
      });
      await this.organizations.insert(organization, m);
      await this.roles.insertPresets({ organizationId: organization.id, projectId: null }, operator.id, m);
      return (await this.organizations.findById(organization.id, m)) ?? organization;
    };
    return manager ? run(manager) : this.dataSource.transaction(run);
  }
}
