import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * The pg pool of TypeORM's Postgres driver (kept as its `master`, typed any): undefined before the
 * data source connected or after it closed.
 */
export function driverPool(dataSource: DataSource): Pool | undefined {
  const pool: unknown = (dataSource.driver as { master?: unknown }).master;
  return typeof pool === 'object' && pool !== null && typeof (pool as Partial<Pool>).connect === 'function' ? (pool as Pool) : undefined;
}
