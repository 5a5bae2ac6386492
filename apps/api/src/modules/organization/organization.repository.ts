import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { OrganizationEntity } from './organization.entity';

/** The only place that reads and writes organizations (in the transaction in progress, if any). */
@Injectable()
export class OrganizationRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private organizations() {
    return this.txHost.tx.getRepository(OrganizationEntity);
  }

  findById(id: string): Promise<OrganizationEntity | null> {
    return this.organizations().findOneBy({ id });
  }

  /** The organization, its row locked until the transaction in progress ends (the state a change starts from). */
  findByIdForUpdate(id: string): Promise<OrganizationEntity | null> {
    return this.organizations().findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Every organization, by name. */
  findAll(): Promise<OrganizationEntity[]> {
    return this.organizations().find({ order: { name: 'ASC', id: 'ASC' } });
  }

  /** The organizations with these ids, by name; one statement. */
  async findByIds(ids: readonly string[]): Promise<OrganizationEntity[]> {
    if (ids.length === 0) return [];
    return this.organizations().find({ where: { id: In([...ids]) }, order: { name: 'ASC', id: 'ASC' } });
  }

  async insert(organization: OrganizationEntity): Promise<void> {
    await this.organizations().insert(organization);
  }

  async update(id: string, changes: Partial<Pick<OrganizationEntity, 'name' | 'profileImageSrc' | 'updatedById'>>): Promise<void> {
    await this.organizations().update({ id }, changes);
  }
}
