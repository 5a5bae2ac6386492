import { QueryFailedError } from 'typeorm';

/** SQLSTATE of a row inserted twice (a unique index refused it). */
const UNIQUE_VIOLATION = '23505';
/** SQLSTATE of a row referencing one that is gone (deleted meanwhile). */
const FOREIGN_KEY_VIOLATION = '23503';
/**
 * SQLSTATEs of a transaction Postgres aborted because of a concurrent one: deadlock_detected (two
 * transactions waiting for each other's locks) and serialization_failure. Running the transaction
 * again may well succeed.
 */
const TRANSACTION_CONFLICTS: ReadonlySet<string> = new Set(['40P01', '40001']);

function sqlState(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const code = (error.driverError as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether a statement failed because a unique index already holds the row (e.g. a concurrent insert won). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === UNIQUE_VIOLATION;
}

/**
 * The SQLSTATE (40P01, 40001) when the statement failed because Postgres aborted its transaction for
 * a concurrent one (a deadlock or a serialization failure); undefined otherwise. Such a transaction
 * is run again as a whole (see transaction-retry.ts).
 */
export function transactionConflictOf(error: unknown): string | undefined {
  const state = sqlState(error);
  return state !== undefined && TRANSACTION_CONFLICTS.has(state) ? state : undefined;
}

/**
 * Whether a statement failed on an integrity rule that a race between two calls can break (a row
 * inserted twice, a row referencing one deleted meanwhile), or because its transaction lost to a
 * concurrent one (a deadlock or serialization failure still there after the retries): the loser's
 * answer is 409 CONFLICT.
 */
export function isConflictViolation(error: unknown): boolean {
  const state = sqlState(error);
  return state === UNIQUE_VIOLATION || state === FOREIGN_KEY_VIOLATION || transactionConflictOf(error) !== undefined;
}
