import { EntityColumns, record, type Statement } from '../../database/typed-sql';
import { IdempotencyKeyEntity } from './idempotency-key.entity';

/** The raw statements of the idempotency keys (docs/architecture.md#repositories-and-sql). */

const KEY = new EntityColumns(IdempotencyKeyEntity, null, ['scope', 'path', 'key', 'requestHash', 'expiresAt']);
const CLAIMED = new EntityColumns(IdempotencyKeyEntity, null, ['key']);

/**
 * Claims the key for a call until `lifetime` (an SQL interval) from now, unless another call holds
 * it (INSERT … ON CONFLICT DO NOTHING): a row when claimed, none otherwise.
 */
export function insertClaim(claim: Pick<IdempotencyKeyEntity, 'scope' | 'path' | 'key' | 'requestHash'>, lifetime: string): Statement {
  return {
    text: `INSERT INTO idempotency_keys (${KEY.columnNames().join(', ')}) VALUES ($1, $2, $3, $4, now() + interval '${lifetime}')
       ON CONFLICT DO NOTHING RETURNING ${CLAIMED.select()}`,
    values: [claim.scope, claim.path, claim.key, claim.requestHash],
  };
}
export const decodeClaimed = record(CLAIMED.fields);
