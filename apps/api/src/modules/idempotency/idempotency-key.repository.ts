import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** How long a claimed key stays with its call before another call may take it over (a crashed call). */
const CLAIM_LIFETIME = '5 minutes';
/** How long a completed call's response is replayed. */
const RESPONSE_LIFETIME = '24 hours';

/** A call's claim of an Idempotency-Key: per account (or Firebase user), path and key, with the hash of its body. */
export interface IdempotencyClaim {
  scope: string;
  path: string;
  key: string;
  requestHash: string;
}

/** The call that holds a key: the hash of its body and, once it completed, its response. */
interface StoredIdempotentCall {
  requestHash: string;
  completed: boolean;
  responseBody: unknown;
}

interface StoredCallRow {
  request_hash: string;
  completed_at: Date | null;
  response_body: unknown;
}

/** The only place that reads and writes idempotency keys (table idempotency_keys). */
@Injectable()
export class IdempotencyKeyRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /**
   * Claims the key for the call (INSERT … ON CONFLICT DO NOTHING); false when another call holds it.
   * A key whose call crashed or whose response has expired is freed first.
   */
  async insertClaim(claim: IdempotencyClaim): Promise<boolean> {
    await this.txHost.tx.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND expires_at < now()`, [claim.scope]);
    const inserted = await this.txHost.tx.query<unknown[]>(
      `INSERT INTO idempotency_keys (scope, path, key, request_hash, expires_at) VALUES ($1, $2, $3, $4, now() + interval '${CLAIM_LIFETIME}')
       ON CONFLICT DO NOTHING RETURNING key`,
      [claim.scope, claim.path, claim.key, claim.requestHash],
    );
    return inserted.length > 0;
  }

  /** The call holding the key; undefined when none does (it was released meanwhile). */
  async find(claim: IdempotencyClaim): Promise<StoredIdempotentCall | undefined> {
    const [stored] = await this.txHost.tx.query<StoredCallRow[]>(
      `SELECT request_hash, completed_at, response_body FROM idempotency_keys WHERE scope = $1 AND path = $2 AND key = $3`,
      [claim.scope, claim.path, claim.key],
    );
    return stored && { requestHash: stored.request_hash, completed: stored.completed_at !== null, responseBody: stored.response_body };
  }

  /** Keeps the completed call's response for replays. */
  async complete(claim: IdempotencyClaim, body: unknown): Promise<void> {
    await this.txHost.tx.query(
      `UPDATE idempotency_keys SET response_body = $4::jsonb, completed_at = now(), expires_at = now() + interval '${RESPONSE_LIFETIME}'
       WHERE scope = $1 AND path = $2 AND key = $3`,
      [claim.scope, claim.path, claim.key, JSON.stringify(body ?? null)],
    );
  }

  /** Frees the key of a call that failed. */
  async release(claim: IdempotencyClaim): Promise<void> {
    await this.txHost.tx.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND path = $2 AND key = $3 AND completed_at IS NULL`, [claim.scope, claim.path, claim.key]);
  }
}
