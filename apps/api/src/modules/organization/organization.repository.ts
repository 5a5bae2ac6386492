import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, IsNull } from 'typeorm';
import type { ListWindow } from '../../common/http/paging-sql';
import { readRows } from '../../database/typed-sql';
import { OrganizationEntity } from './organization.entity';
import { decodeOrganizationRow, organizationPage, type OrganizationRow } from './organization.sql';

/** The only place that reads and writes organizations (in the transaction in progress, if any). */
@Injectable()
export class OrganizationRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private organizations() {
    return this.txHost.tx.getRepository(OrganizationEntity);
  }

  /** The organizations with these ids (unknown and deleted ids are left out); one statement. */
  findByIds(ids: readonly string[]): Promise<OrganizationEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.organizations().findBy({ id: In([...ids]), deletedAt: IsNull() });
  }

  /** The organization, unless it is deleted (docs/product-rules.md#organization-deletion). */
  findById(id: string): Promise<OrganizationEntity | null> {
    return this.organizations().findOneBy({ id, deletedAt: IsNull() });
  }

  /** The organization (not deleted), its row locked until the transaction in progress ends (the state a change starts from). */
  findByIdForUpdate(id: string): Promise<OrganizationEntity | null> {
    return this.organizations().findOne({ where: { id, deletedAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
  }

  /** The organization deleted or not, its row locked until the transaction in progress ends: deleting and restoring it, seeding it. */
  findAnyForUpdate(id: string): Promise<OrganizationEntity | null> {
    return this.organizations().findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * One page of the organizations (those `memberId` belongs to, or all), by name, with their
   * roles; the query matches the name. One statement.
   */
  page(memberId: string | null, window: ListWindow): Promise<OrganizationRow[]> {
    return readRows(this.txHost.tx, organizationPage(memberId, window), decodeOrganizationRow);
  }

  async insert(organization: OrganizationEntity): Promise<void> {
    await this.organizations().insert(organization);
  }

  async update(
    id: string,
    changes: Partial<Pick<OrganizationEntity, 'name' | 'profileImageSrc' | 'mfaRequired' | 'updatedById' | 'deletedAt' | 'deletedById'>>,
  ): Promise<void> {
    await this.organizations().update({ id }, changes);
  }
}
