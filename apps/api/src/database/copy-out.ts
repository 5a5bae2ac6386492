import { to as copyTo } from 'pg-copy-streams';
import type { DataSource } from 'typeorm';
import { driverPool } from './driver-pool';

/**
 * The output of a `COPY (…) TO STDOUT` statement, as Postgres sends it, on a connection of the
 * pool held from the first chunk to the last. The rows are never in memory as values: the bytes
 * pass through in the socket's chunks, and Postgres writes only as fast as they are read
 * (pg-copy-streams reads the socket only when its reader wants more), so memory holds a few
 * chunks however many rows there are. When the reader stops early (the client went away) the
 * connection is closed rather than returned, which ends the statement in Postgres.
 *
 * COPY takes no parameters: every value in the statement is a literal (`escapeLiteral` of pg).
 */
export async function* copyOut(dataSource: DataSource, statement: string): AsyncGenerator<Buffer> {
  const pool = driverPool(dataSource);
  if (pool === undefined) throw new Error('The database is not connected');
  const client = await pool.connect();
  const copy = client.query(copyTo(statement));
  let finished = false;
  try {
    for await (const chunk of copy) yield chunk as Buffer;
    finished = true;
  } finally {
    copy.destroy();
    // A connection left in the middle of a COPY cannot serve another query.
    client.release(finished ? undefined : new Error('COPY TO STDOUT not read to its end'));
  }
}
