import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { POOL_TYPES } from './timestamptz';

/**
 * The data source of `url`: a pool of at most `poolMax` connections, which prepare the statements
 * of the typed path (typed-sql.ts) when `preparedStatements` (DATABASE_PREPARED_STATEMENTS).
 */
export function dataSourceOptions(url: string, poolMax: number, preparedStatements = false): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: false,
    // Each migration in a transaction of its own, unless it runs outside one (a concurrent index):
    // the same at start (MIGRATE_ON_START) as in connectAndMigrate.
    migrationsTransactionMode: 'each',
    synchronize: false,
    extra: { max: poolMax, connectionTimeoutMillis: 10_000, types: POOL_TYPES, preparedStatements },
  };
}

/** Opens a connection to `url` and applies the pending migrations. */
export async function connectAndMigrate(url: string, poolMax: number): Promise<DataSource> {
  const dataSource = new DataSource(dataSourceOptions(url, poolMax));
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
}
