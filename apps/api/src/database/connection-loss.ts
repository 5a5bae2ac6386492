import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';

/** SQLSTATEs of a server that is shutting down or not yet accepting connections (class 57P). */
const SERVER_GOING_AWAY = new Set(['57P01', '57P02', '57P03']);
/** Socket errors of a database that cannot be reached. */
const NETWORK_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** What node-postgres says when a connection dies or cannot be made in time. */
const LOST_MESSAGES = [/connection terminated/i, /timeout exceeded when trying to connect/i, /not queryable/i, /Connection refused/i];

/**
 * Whether an error means that the database connection was lost or could not be made (as opposed to
 * a query the database refused): a SQLSTATE of class 08 or 57P01-03, a socket error, or
 * node-postgres' own "connection terminated" errors, also when wrapped (TypeORM's driverError,
 * an error's cause, an AggregateError of several addresses). Within a transaction, a connection
 * that dies between two statements shows as TypeORM's released query runner: TypeORM releases the
 * runner of a transaction as soon as its connection reports an error, and the next statement
 * meets the released runner (the application never uses a manager after its transaction).
 */
export function isConnectionLost(error: unknown, depth = 0): boolean {
  if (error instanceof QueryRunnerAlreadyReleasedError || error instanceof QueryRunnerProviderAlreadyReleasedError) return true;
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, driverError, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (SERVER_GOING_AWAY.has(code) || /^08[0-9A-Z]{3}$/.test(code) || NETWORK_ERRORS.has(code))) return true;
  if (typeof message === 'string' && LOST_MESSAGES.some((pattern) => pattern.test(message))) return true;
  const inner = [driverError, cause, ...(Array.isArray(errors) ? (errors as unknown[]) : [])];
  return inner.some((e) => isConnectionLost(e, depth + 1));
}

/**
 * Runs a read and, when it failed because its pooled connection was lost (a connection the
 * database or the network dropped while it sat idle), runs it once more: the pool has discarded
 * the dead connection and opens a new one (after `pauseMs`, when given). Only for reads, which are
 * safe to repeat.
 */
export async function retryReadOnce<T>(read: () => Promise<T>, pauseMs = 0): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isConnectionLost(error)) throw error;
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    return read();
  }
}
