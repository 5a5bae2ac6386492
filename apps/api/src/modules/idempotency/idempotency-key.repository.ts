import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { IsNull, Raw } from 'typeorm';
import { readRows } from '../../database/typed-sql';
import { IdempotencyKeyEntity } from './idempotency-key.entity';
import { decodeClaimed, insertClaim } from './idempotency-key.sql';

/** How long a claimed key stays with its call before another call may take it over (a crashed call). */
const CLAIM_LIFETIME = '5 minutes';
/** How long a completed call's response is replayed. */
const RESPONSE_LIFETIME = '24 hours';

/** A call's claim of an Idempotency-Key: per account (or Firebase user), path and key, with the hash of its body. */
export type IdempotencyClaim = Pick<IdempotencyKeyEntity, 'scope' | 'path' | 'key' | 'requestHash'>;

/** The call that holds a key: the hash of its body and, once it completed, its response. */
interface StoredIdempotentCall {
  requestHash: string;
  completed: boolean;
  responseBody: unknown;
}

/** The only place that reads and writes idempotency keys (table idempotency_keys). */
@Injectable()
export class IdempotencyKeyRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private keys() {
    return this.txHost.tx.getRepository(IdempotencyKeyEntity);
  }

  /**
   * Claims the key for the call (INSERT … ON CONFLICT DO NOTHING); false when another call holds it.
   * A key whose call crashed or whose response has expired is freed first.
   */
  async insertClaim(claim: IdempotencyClaim): Promise<boolean> {
    await this.keys().delete({ scope: claim.scope, expiresAt: Raw((column) => `${column} < now()`) });
    return (await readRows(this.txHost.tx, insertClaim(claim, CLAIM_LIFETIME), decodeClaimed)).length > 0;
  }

  /** The call holding the key; undefined when none does (it was released meanwhile). */
  async find(claim: IdempotencyClaim): Promise<StoredIdempotentCall | undefined> {
    const stored = await this.keys().findOne({
      select: { requestHash: true, completedAt: true, responseBody: true },
      where: { scope: claim.scope, path: claim.path, key: claim.key },
    });
    return stored === null ? undefined : { requestHash: stored.requestHash, completed: stored.completedAt !== null, responseBody: stored.responseBody };
  }

  /** Keeps the completed call's response for replays. */
  async complete(claim: IdempotencyClaim, body: unknown): Promise<void> {
    await this.keys()
      .createQueryBuilder()
      .update()
      .set({ responseBody: () => 'CAST(:body AS jsonb)', completedAt: () => 'now()', expiresAt: () => `now() + interval '${RESPONSE_LIFETIME}'` })
      .where({ scope: claim.scope, path: claim.path, key: claim.key })
      .setParameter('body', JSON.stringify(body ?? null))
      .execute();
  }

  /** Frees the key of a call that failed. */
  async release(claim: IdempotencyClaim): Promise<void> {
    await this.keys().delete({ scope: claim.scope, path: claim.path, key: claim.key, completedAt: IsNull() });
  }
}
