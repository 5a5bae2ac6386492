import type { EntityManager } from 'typeorm';
import { rowsOf } from './typed-sql';

/** The statements a job queue library runs on a connection of ours: pg-boss's `db` option. */
export interface QueueStatements {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The queue library's statements run on `manager`, the transaction in progress: a job added
 * through it exists exactly when that transaction commits.
 */
export function onTransaction(manager: Pick<EntityManager, 'query'>): QueueStatements {
  return {
    async executeSql(text, values) {
      const rows = rowsOf(await manager.query(text, values));
      return { rows: Array.isArray(rows) ? rows : [] };
    },
  };
}
