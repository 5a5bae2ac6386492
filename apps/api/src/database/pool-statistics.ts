import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface PoolStatistics {
  /** Connections handed out to queries or transactions. */
  inUse: number;
  /** Open connections waiting in the pool. */
  idle: number;
  /** Queries and transactions waiting for a connection. */
  waiting: number;
  /** Connections the pool may open (DATABASE_POOL_MAX). */
  max: number;
}

/** The counters node-postgres' pool keeps (pg-pool). */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max: number };
}

function isPgPool(value: unknown): value is PgPool {
  const pool = value as Partial<PgPool> | null | undefined;
  return (
    typeof pool?.totalCount === 'number' && typeof pool.idleCount === 'number' && typeof pool.waitingCount === 'number' && typeof pool.options?.max === 'number'
  );
}

/** The connection pool behind TypeORM's data source. */
@Injectable()
export class DatabasePool {
  constructor(private readonly dataSource: DataSource) {}

  /** Its connections now; undefined before the data source connected or after it closed. */
  statistics(): PoolStatistics | undefined {
    // TypeORM's Postgres driver keeps its pg Pool as `master` (typed any).
    const pool: unknown = (this.dataSource.driver as { master?: unknown }).master;
    if (!isPgPool(pool)) return undefined;
    return { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max };
  }
}
