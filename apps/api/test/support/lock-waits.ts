import type { Client } from 'pg';

/**
 * The process ids of this database's backends that wait for a lock, other than `client`'s own.
 *
 * Within a transaction Postgres shows pg_stat_activity's list of backends as it was at the first
 * read (the wait events of those backends stay live): a backend that connected since, such as a
 * pooled connection the API opened for the call being held up, is missing until the snapshot is
 * cleared. So every read clears it first.
 */
export async function lockWaiters(client: Client): Promise<number[]> {
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid() ORDER BY backend_start`,
  );
  return rows.map((row) => row.pid);
}
