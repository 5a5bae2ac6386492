import { Module, type DynamicModule } from '@nestjs/common';
import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { ClsModule } from 'nestjs-cls';
import type { DataSourceOptions } from 'typeorm';
import { RetryingTransactionalAdapterTypeOrm, TransactionRetries } from './transaction-retry';

/**
 * The database connection and its transactions. A service runs a unit of work with
 * `TransactionHost.withTransaction` (joining the transaction in progress, if any); the
 * repositories it calls meanwhile use that transaction through `TransactionHost.tx`, and the
 * pool's own manager outside of one. Nothing hands an EntityManager around. A transaction that
 * Postgres aborts for a concurrent one (deadlock, serialization failure) is run again whole, a
 * bounded number of times (see transaction-retry.ts); the unit of work must therefore do nothing
 * but database work (no e-mail sent, no file stored, no call to the identity provider inside it).
 */
@Module({})
export class DatabaseModule {
  static forRoot(options: DataSourceOptions): DynamicModule {
    const retries = new TransactionRetries();
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot(options),
        // The CLS service and the transactional plugin, without ClsModule.forRoot: that one also
        // registers a global guard and a global interceptor, which set up no context unless told to
        // mount (a transaction makes its own) but put every call through Nest's interceptor chain
        // and its Observables (about 3 % of the API's CPU time on /account/get).
        {
          ...ClsModule.registerPlugins([
            new ClsPluginTransactional({
              imports: [TypeOrmModule],
              adapter: new RetryingTransactionalAdapterTypeOrm({ dataSourceToken: getDataSourceToken() }, retries),
            }),
          ]),
          global: true,
        },
      ],
      // How often transactions were run again (read by the tests).
      providers: [{ provide: TransactionRetries, useValue: retries }],
    };
  }
}
