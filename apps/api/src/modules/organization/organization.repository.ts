import { Injectable } from '@nestjs/common';
import { ADMIN_ROLE_KEY } from '@console/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { RoleEntity } from '../role/role.entity';
import { OrganizationMembershipEntity } from './organization-membership.entity';
import { OrganizationEntity } from './organization.entity';

/** An organization with the role key of one account in it (null: not a member). */
export interface OrganizationAccess {
  organization: OrganizationEntity;
  roleKey: string | null;
}

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

  /** The organization, its row locked until the transaction of `manager` ends (the state a change starts from). */
  findByIdForUpdate(id: string, manager: EntityManager): Promise<OrganizationEntity | null> {
    return this.organizations(manager).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Every organization, by name. */
  findAll(manager?: EntityManager): Promise<OrganizationEntity[]> {
    return this.organizations(manager).find({ order: { name: 'ASC', id: 'ASC' } });
  }

  /** The organizations the account is a member of, by name; one statement. */
  findOfAccount(accountId: string, manager?: EntityManager): Promise<OrganizationEntity[]> {
    return this.organizations(manager)
      .createQueryBuilder('organization')
      .innerJoin(OrganizationMembershipEntity, 'membership', 'membership.organizationId = organization.id AND membership.accountId = :accountId', { accountId })
      .orderBy('organization.name', 'ASC')
      .addOrderBy('organization.id', 'ASC')
      .getMany();
  }

  /** The organization and the account's role key in it, in one statement; null when there is no such organization. */
  async findAccess(accountId: string, organizationId: string, manager?: EntityManager): Promise<OrganizationAccess | null> {
    const { entities, raw } = await this.organizations(manager)
      .createQueryBuilder('organization')
      .leftJoin(OrganizationMembershipEntity, 'membership', 'membership.organizationId = organization.id AND membership.accountId = :accountId', { accountId })
      .leftJoin(RoleEntity, 'role', 'role.id = membership.roleId')
      .addSelect('role.key', 'operator_role_key')
      .where('organization.id = :organizationId', { organizationId })
      .getRawAndEntities<{ operator_role_key: string | null }>();
    const organization = entities[0];
    if (!organization) return null;
    return { organization, roleKey: raw[0]?.operator_role_key ?? null };
  }

  async insert(organization: OrganizationEntity, manager?: EntityManager): Promise<void> {
    await this.organizations(manager).insert(organization);
  }

  async update(id: string, changes: Partial<Pick<OrganizationEntity, 'name' | 'profileImageSrc' | 'updatedById'>>, manager?: EntityManager): Promise<void> {
    await this.organizations(manager).update({ id }, changes);
  }

  findMembership(accountId: string, organizationId: string, manager?: EntityManager): Promise<OrganizationMembershipEntity | null> {
    return this.memberships(manager).findOneBy({ accountId, organizationId });
  }

  async insertMembership(membership: OrganizationMembershipEntity, manager?: EntityManager): Promise<void> {
    await this.memberships(manager).insert(membership);
  }

  async insertMemberships(memberships: readonly OrganizationMembershipEntity[], manager?: EntityManager): Promise<void> {
    if (memberships.length > 0) await this.memberships(manager).insert([...memberships]);
  }

  async updateMembershipRole(accountId: string, organizationId: string, roleId: string, operatorId: string, manager?: EntityManager): Promise<void> {
    await this.memberships(manager).update({ accountId, organizationId }, { roleId, updatedById: operatorId });
  }

  /**
   * The accounts holding the organization's admin role, their memberships locked until the
   * transaction of `manager` ends (SELECT … FOR UPDATE, in account order). Changes of admin
   * memberships that call this first take turns: the second one waits and then reads the admins
   * the first one left (a row demoted or removed meanwhile no longer matches).
   */
  async lockAdminAccountIds(organizationId: string, manager: EntityManager): Promise<string[]> {
    const rows = await this.memberships(manager)
      .createQueryBuilder('membership')
      .select('membership.accountId', 'accountId')
      .where('membership.organizationId = :organizationId', { organizationId })
      .andWhere((qb) => {
        const adminRoles = qb.subQuery().select('role.id').from(RoleEntity, 'role').where('role.organizationId = :organizationId AND role.projectId IS NULL AND role.key = :adminKey');
        return `membership.roleId IN ${adminRoles.getQuery()}`;
      })
      .setParameter('adminKey', ADMIN_ROLE_KEY)
      .orderBy('membership.accountId', 'ASC')
      .setLock('pessimistic_write')
      .getRawMany<{ accountId: string }>();
    return rows.map((r) => r.accountId);
  }

  /** Removes the membership and, by cascade, the account's project memberships in the organization. True when one was removed. */
  async deleteMembership(accountId: string, organizationId: string, manager?: EntityManager): Promise<boolean> {
    const result = await this.memberships(manager).delete({ accountId, organizationId });
    return (result.affected ?? 0) > 0;
  }
}
