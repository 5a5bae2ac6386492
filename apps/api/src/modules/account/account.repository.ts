import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import type { AccountLookup } from '../../common/auth/account-lookup';
import { readRows } from '../../database/typed-sql';
import { AccountEntity } from './account.entity';
import { accountByIdaasId, decodeAccount, decodeInUse, storedImageInUse } from './account.sql';

/** The only place that reads and writes accounts (in the transaction in progress, if any); the auth guard's AccountLookup. */
@Injectable()
export class AccountRepository implements AccountLookup {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private accounts() {
    return this.txHost.tx.getRepository(AccountEntity);
  }

  findById(id: string): Promise<AccountEntity | null> {
    return this.accounts().findOneBy({ id });
  }

  /** The accounts with these ids, in the order of `ids` (unknown ids are left out); one statement. */
  async findByIds(ids: readonly string[]): Promise<AccountEntity[]> {
    if (ids.length === 0) return [];
    const byId = new Map((await this.accounts().findBy({ id: In([...ids]) })).map((a) => [a.id, a]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The account, its row locked until the transaction in progress ends (the state a change starts from). */
  findByIdForUpdate(id: string): Promise<AccountEntity | null> {
    return this.accounts().findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * The account of a Firebase user: the first query of every signed-in request (the auth guard's
   * lookup) and the whole of /account/get, so read as a plain row with the entity's columns under
   * their property names (decoded), without building a query or hydrating an entity.
   */
  async findByIdaasId(idaasId: string): Promise<AccountEntity | null> {
    const [account] = await readRows(this.txHost.tx, accountByIdaasId(idaasId), decodeAccount);
    return account ?? null;
  }

  findByEmail(email: string): Promise<AccountEntity | null> {
    return this.accounts().findOneBy({ email: email.toLowerCase() });
  }

  async insert(account: AccountEntity): Promise<void> {
    await this.accounts().insert(account);
  }

  /** Inserts the account unless one with its id exists (instances starting together); whether it was inserted. */
  async insertIfAbsent(account: AccountEntity): Promise<boolean> {
    const result = await this.accounts().createQueryBuilder().insert().values(account).orIgnore().returning(['id']).execute();
    const inserted: unknown = result.raw;
    return Array.isArray(inserted) && inserted.length > 0;
  }

  async update(id: string, changes: Partial<AccountEntity>): Promise<void> {
    await this.accounts().update({ id }, changes);
  }

  /**
   * Deletes the account as docs/product-rules.md#account-deletion says: the row stays (its audit
   * events keep their actor), its personal data and Firebase uid cleared, its address free again.
   */
  async markDeleted(id: string): Promise<void> {
    await this.accounts().update(
      { id },
      { deletedAt: () => 'now()', name: null, email: '', profileImageSrc: null, idaasId: null, isSystemAdmin: false, updatedById: id },
    );
  }

  /** Whether an account or an organization (but `exceptOrganizationId`) shows the stored image `name`. */
  async storedImageInUse(name: string, exceptOrganizationId: string | null = null): Promise<boolean> {
    const [row] = await readRows(this.txHost.tx, storedImageInUse(name, exceptOrganizationId), decodeInUse);
    return row?.inUse ?? false;
  }
}
