import { Injectable } from '@nestjs/common';
import type { Membership } from '@console/domain';
import { DataSource, In, type EntityManager } from 'typeorm';
import { OrganizationMembershipEntity } from '../organization/organization-membership.entity';
import { ProjectMembershipEntity } from '../project/project-membership.entity';
import { AccountEntity } from './account.entity';

/** The only place that reads and writes accounts. */
@Injectable()
export class AccountRepository {
  constructor(private readonly dataSource: DataSource) {}

  private accounts(manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(AccountEntity);
  }

  findById(id: string, manager?: EntityManager): Promise<AccountEntity | null> {
    return this.accounts(manager).findOneBy({ id });
  }

  /** The account, its row locked until the transaction of `manager` ends (the state a change starts from). */
  findByIdForUpdate(id: string, manager: EntityManager): Promise<AccountEntity | null> {
    return this.accounts(manager).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  findByIdaasId(idaasId: string, manager?: EntityManager): Promise<AccountEntity | null> {
    return this.accounts(manager).findOneBy({ idaasId });
  }

  findByEmail(email: string, manager?: EntityManager): Promise<AccountEntity | null> {
    return this.accounts(manager).findOneBy({ email: email.toLowerCase() });
  }

  async insert(account: AccountEntity, manager?: EntityManager): Promise<void> {
    await this.accounts(manager).insert(account);
  }

  async update(id: string, changes: Partial<AccountEntity>, manager?: EntityManager): Promise<void> {
    await this.accounts(manager).update({ id }, changes);
  }

  /** Every account, oldest first. */
  findAll(manager?: EntityManager): Promise<AccountEntity[]> {
    return this.accounts(manager).find({ order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The members of an organization, in the order they joined; one statement. */
  findMembersOfOrganization(organizationId: string, manager?: EntityManager): Promise<AccountEntity[]> {
    return this.accounts(manager)
      .createQueryBuilder('account')
      .innerJoin(OrganizationMembershipEntity, 'membership', 'membership.accountId = account.id AND membership.organizationId = :organizationId', { organizationId })
      .orderBy('membership.createdAt', 'ASC')
      .addOrderBy('account.id', 'ASC')
      .getMany();
  }

  /** The members of a project, in the order they were added; one statement. */
  findMembersOfProject(projectId: string, manager?: EntityManager): Promise<AccountEntity[]> {
    return this.accounts(manager)
      .createQueryBuilder('account')
      .innerJoin(ProjectMembershipEntity, 'membership', 'membership.accountId = account.id AND membership.projectId = :projectId', { projectId })
      .orderBy('membership.createdAt', 'ASC')
      .addOrderBy('account.id', 'ASC')
      .getMany();
  }

  /**
   * The memberships of each account, in two statements whatever the number of accounts. With
   * `organizationId`, only the memberships of that organization (what its members may see).
   */
  async membershipsOf(
    accountIds: readonly string[],
    manager: EntityManager = this.dataSource.manager,
    options: { organizationId?: string } = {},
  ): Promise<Map<string, Membership[]>> {
    const result = new Map<string, Membership[]>(accountIds.map((id) => [id, []]));
    if (accountIds.length === 0) return result;
    const scope = options.organizationId === undefined ? {} : { organizationId: options.organizationId };
    const [organizationRows, projectRows] = await Promise.all([
      manager.getRepository(OrganizationMembershipEntity).find({ where: { accountId: In([...accountIds]), ...scope }, order: { createdAt: 'ASC', organizationId: 'ASC' } }),
      manager.getRepository(ProjectMembershipEntity).find({ where: { accountId: In([...accountIds]), ...scope }, order: { createdAt: 'ASC', projectId: 'ASC' } }),
    ]);
    const byOrganization = new Map<string, Membership>();
    for (const row of organizationRows) {
      const membership: Membership = { organizationId: row.organizationId, roleId: row.roleId, projects: [] };
      byOrganization.set(`${row.accountId}/${row.organizationId}`, membership);
      result.get(row.accountId)?.push(membership);
    }
    for (const row of projectRows) {
      byOrganization.get(`${row.accountId}/${row.organizationId}`)?.projects.push({ projectId: row.projectId, roleId: row.roleId });
    }
    return result;
  }
}
