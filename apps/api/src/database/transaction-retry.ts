import { Logger } from '@nestjs/common';
import { TransactionalAdapterTypeOrm, type TypeOrmTransactionalAdapterOptions } from '@nestjs-cls/transactional-adapter-typeorm';
import { transactionConflictOf } from './query-errors';

/** Runs of a transaction in all: the first and up to two more when Postgres aborted it for a concurrent one. */
export const TRANSACTION_ATTEMPTS = 3;
/** The pause before run n + 1 is n times a random time up to this, so that the transactions that collided do not collide again. */
const RETRY_PAUSE_MS = 20;

/** How often transactions were run again, and how often they still lost after the last run (counted per API instance). */
export class TransactionRetries {
  /** Runs started again, by SQLSTATE (40P01 deadlock, 40001 serialization failure). */
  readonly retried: Record<string, number> = {};
  /** Transactions that failed on their last run too (answered 409 CONFLICT). */
  exhausted = 0;
}

/**
 * Runs `transaction` (a whole transaction: BEGIN, the unit of work, COMMIT) and, when Postgres
 * aborted it for a concurrent transaction (deadlock 40P01, serialization failure 40001), runs it
 * again, up to {@link TRANSACTION_ATTEMPTS} times in all. The aborted run was rolled back entirely —
 * its writes, audit events and queued e-mails with it — so the next run starts from scratch. After
 * the last run the error is thrown on, and the error filter answers 409 CONFLICT.
 */
async function runWithRetries<T>(transaction: () => Promise<T>, retries: TransactionRetries, logger: Pick<Logger, 'warn'>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      const state = transactionConflictOf(error);
      if (state === undefined) throw error;
      if (attempt >= TRANSACTION_ATTEMPTS) {
        retries.exhausted += 1;
        logger.warn(`Transaction aborted by Postgres (${state}) on each of its ${attempt} runs: answered 409 CONFLICT`);
        throw error;
      }
      retries.retried[state] = (retries.retried[state] ?? 0) + 1;
      logger.warn(`Transaction aborted by Postgres (${state}) on run ${attempt} of ${TRANSACTION_ATTEMPTS}: running it again`);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * RETRY_PAUSE_MS * attempt));
    }
  }
}

/**
 * The TypeORM adapter of @nestjs-cls/transactional, whose transactions are run again when Postgres
 * aborts them for a concurrent one (see {@link runWithRetries}): THE transaction boundary of every
 * write. Only a transaction that starts here is retried (`withTransaction` outside any transaction);
 * one that joins the transaction in progress fails with it, and the outer one is run again whole.
 */
export class RetryingTransactionalAdapterTypeOrm extends TransactionalAdapterTypeOrm {
  constructor(options: TypeOrmTransactionalAdapterOptions, retries: TransactionRetries) {
    super(options);
    const logger = new Logger('Transactions');
    const base = this.optionsFactory;
    this.optionsFactory = (dataSource) => {
      const adapter = base(dataSource);
      return {
        ...adapter,
        wrapWithTransaction: (options, fn, setClient) => runWithRetries(() => adapter.wrapWithTransaction(options, fn, setClient), retries, logger),
      };
    };
  }
}
