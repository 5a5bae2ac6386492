import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { POOL_TYPES } from './timestamptz';

export function dataSourceOptions(url: string, poolMax: number): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    extra: { max: poolMax, connectionTimeoutMillis: 10_000, types: POOL_TYPES },
  };
}

/** Opens a connection to `url` and applies the pending migrations. */
export async function connectAndMigrate(url: string, poolMax: number): Promise<DataSource> {
  const dataSource = new DataSource(dataSourceOptions(url, poolMax));
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
}
