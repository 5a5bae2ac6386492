import { Module, type DynamicModule } from '@nestjs/common';
import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { ClsModule } from 'nestjs-cls';
import type { DataSourceOptions } from 'typeorm';

/**
 * The database connection and its transactions. A service runs a unit of work with
 * `TransactionHost.withTransaction` (joining the transaction in progress, if any); the
 * repositories it calls meanwhile use that transaction through `TransactionHost.tx`, and the
 * pool's own manager outside of one. Nothing hands an EntityManager around.
 */
@Module({})
export class DatabaseModule {
  static forRoot(options: DataSourceOptions): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot(options),
        ClsModule.forRoot({
          global: true,
          plugins: [new ClsPluginTransactional({ imports: [TypeOrmModule], adapter: new TransactionalAdapterTypeOrm({ dataSourceToken: getDataSourceToken() }) })],
        }),
      ],
    };
  }
}
