import { QueryFailedError } from 'typeorm';

/** SQLSTATE of a row inserted twice (a unique index refused it). */
const UNIQUE_VIOLATION = '23505';
/** SQLSTATE of a row referencing one that is gone (deleted meanwhile). */
const FOREIGN_KEY_VIOLATION = '23503';

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
 * Whether a statement failed on an integrity rule that a race between two calls can break (a row
 * inserted twice, a row referencing one deleted meanwhile): the loser's answer is 409 CONFLICT.
 */
export function isConflictViolation(error: unknown): boolean {
  const state = sqlState(error);
  return state === UNIQUE_VIOLATION || state === FOREIGN_KEY_VIOLATION;
}
