import type { DataSource } from 'typeorm';

/**
 * What each COPY … TO STDOUT statement running in the test database waits for, once one is
 * running and, when `until` is given, the waits satisfy it (polled every 50 ms for up to 10 s):
 * 'ClientWrite' is Postgres held back by an API that reads no more.
 */
export async function copyStatementWaits(db: DataSource, until: (waits: (string | null)[]) => boolean = () => true): Promise<(string | null)[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows: { wait_event: string | null }[] = await db.query(
      `SELECT wait_event FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() AND query LIKE 'COPY (SELECT %'`,
    );
    const waits = rows.map((row) => row.wait_event);
    if (until(waits) || Date.now() > deadline) return waits;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
