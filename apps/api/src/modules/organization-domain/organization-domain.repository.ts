import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Not } from 'typeorm';
import { readRows } from '../../database/typed-sql';
import { OrganizationDomainEntity } from './organization-domain.entity';
import { allDomains, claimDueForRecheck, decodeDomain, decodeDomainWithOrganization, type DomainWithOrganizationRow } from './organization-domain.sql';

export type DomainChanges = Partial<
  Pick<
    OrganizationDomainEntity,
    | 'state'
    | 'lastCheckedAt'
    | 'lastError'
    | 'consecutiveFailures'
    | 'verifiedAt'
    | 'verifiedBy'
    | 'verifiedById'
    | 'updatedById'
    | 'joinMode'
    | 'joinRoleId'
    | 'joinProjects'
    | 'joinPolicySetById'
  >
>;

/** The only place that reads and writes organizations' domains (in the transaction in progress, if any). */
@Injectable()
export class OrganizationDomainRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private domains() {
    return this.txHost.tx.getRepository(OrganizationDomainEntity);
  }

  /** The organization's domains by name. */
  listOfOrganization(organizationId: string): Promise<OrganizationDomainEntity[]> {
    return this.domains().find({ where: { organizationId }, order: { domain: 'ASC' } });
  }

  /** Every organization's domains, at most `limit`. */
  listAll(limit: number): Promise<DomainWithOrganizationRow[]> {
    return readRows(this.txHost.tx, allDomains(limit), decodeDomainWithOrganization);
  }

  findById(id: string): Promise<OrganizationDomainEntity | null> {
    return this.domains().findOneBy({ id });
  }

  /** The domain, its row locked until the transaction in progress ends. */
  findByIdForUpdate(id: string): Promise<OrganizationDomainEntity | null> {
    return this.domains().findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The verified domain of this name (one organization at most has verified it). */
  findVerified(domain: string): Promise<OrganizationDomainEntity | null> {
    return this.domains().findOneBy({ domain, state: 'verified' });
  }

  findInOrganization(organizationId: string, domain: string): Promise<OrganizationDomainEntity | null> {
    return this.domains().findOneBy({ organizationId, domain });
  }

  /** Whether another organization than `organizationId` has verified the domain. */
  verifiedElsewhere(domain: string, organizationId: string): Promise<boolean> {
    return this.domains().existsBy({ domain, state: 'verified', organizationId: Not(organizationId) });
  }

  async insert(domain: OrganizationDomainEntity): Promise<void> {
    await this.domains().insert(domain);
  }

  async update(id: string, changes: DomainChanges): Promise<void> {
    await this.domains().update({ id }, changes);
  }

  async delete(id: string): Promise<void> {
    await this.domains().delete({ id });
  }

  /** Claims verified domains due for a re-check (see claimDueForRecheck). */
  claimDueForRecheck(checkedBefore: Date, limit: number): Promise<OrganizationDomainEntity[]> {
    return readRows(this.txHost.tx, claimDueForRecheck(checkedBefore, limit), decodeDomain);
  }
}
