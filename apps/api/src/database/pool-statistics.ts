import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { driverPool } from './driver-pool';

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

/** The connection pool behind TypeORM's data source. */
@Injectable()
export class DatabasePool {
  constructor(private readonly dataSource: DataSource) {}

  /** Its connections now; undefined before the data source connected or after it closed. */
  statistics(): PoolStatistics | undefined {
    const pool = driverPool(this.dataSource);
    const max = pool?.options.max;
    if (pool === undefined || max === undefined) return undefined;
    return { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount, max };
  }
}
