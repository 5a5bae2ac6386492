import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { OrganizationMembershipEntity } from './organization-membership.entity';
import { OrganizationEntity } from './organization.entity';

/** The only place that reads and writes organizations and their memberships. */
@Injectable()
export class OrganizationRepository {
  constructor(private readonly dataSource: DataSource) {}

  private organizations(manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(OrganizationEntity);
  }

  private memberships(manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(OrganizationMembershipEntity);
  }

  findById(id: string, manager?: EntityManager): Promise<OrganizationEntity | null> {
    return this.organizations(manager).findOneBy({ id });
  }

  async insert(organization: OrganizationEntity, manager?: EntityManager): Promise<void> {
    await this.organizations(manager).insert(organization);
  }

  findMembership(accountId: string, organizationId: string, manager?: EntityManager): Promise<OrganizationMembershipEntity | null> {
    return this.memberships(manager).findOneBy({ accountId, organizationId });
  }

  async insertMembership(membership: OrganizationMembershipEntity, manager?: EntityManager): Promise<void> {
    await this.memberships(manager).insert(membership);
  }
}
