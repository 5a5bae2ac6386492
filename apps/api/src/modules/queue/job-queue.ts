import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { PgBoss, type JobResult, type JobWithMetadata } from 'pg-boss';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { onTransaction } from '../../database/job-queue-connection';

/** The schema of the queue's tables (pg-boss creates and migrates it as the API starts). */
const QUEUE_SCHEMA = 'pgboss';
/** How the job queue's own connections name themselves to Postgres (pg_stat_activity). */
export const JOB_QUEUE_APPLICATION_NAME = 'console-job-queue';

/** A job as its task receives it: attempt `retryCount + 1` of `retryLimit + 1`. */
export type QueuedJob<T> = Pick<JobWithMetadata<T>, 'id' | 'data' | 'retryCount' | 'retryLimit'>;

/** One kind of job: its queue's retry policy and the code that runs a job. */
export interface JobTask<T extends object> {
  readonly name: string;
  /** Whether this instance runs jobs of this kind (else it only adds them). */
  readonly workerEnabled: boolean;
  /** Seconds between two looks for due jobs, at least 0.5. */
  readonly pollingIntervalSeconds: number;
  /** Jobs of this kind an instance runs at a time (1 unless told): at most that many are in flight when it dies. */
  readonly concurrency?: number;
  readonly retry: {
    /** Retries after the first attempt before the job is failed. */
    limit: number;
    /** Seconds before the first retry, doubled (with jitter) for each further one up to `maxDelaySeconds`. */
    delaySeconds: number;
    maxDelaySeconds: number;
  };
  /** How long an attempt may run before it counts as failed and is retried (a worker that died holds it this long). */
  readonly expireInSeconds: number;
  /**
   * For a periodic kind ({@link JobQueue.registerPeriodic}): the cron expression (UTC) on which the
   * deployment adds one job of this kind, or null when this instance's settings turn it off (its
   * schedule is removed). Absent for a kind that only changes add.
   */
  readonly cron?: string | null;
  /** Runs the job; a rejection fails the attempt (retried while retries remain, then kept as failed). */
  run(job: QueuedJob<T>): Promise<void>;
}

/** Retries of a failed periodic run: a minute, then two, before the job is kept as failed. */
const PERIODIC_RETRY = { limit: 2, delaySeconds: 60, maxDelaySeconds: 600 };
/** How long a periodic run may last before it counts as failed (its worker died) and is retried. */
const PERIODIC_EXPIRY_SECONDS = 15 * 60;
/** pg-boss's cron pass and its forwarding worker run at most this often (its upper bound). */
const MAX_CRON_INTERVAL_SECONDS = 45;

/** The queue options of a kind of job: its retries with exponential backoff and its expiry. */
function policy(task: JobTask<object>) {
  return {
    retryLimit: task.retry.limit,
    retryDelay: task.retry.delaySeconds,
    retryBackoff: true,
    retryDelayMax: task.retry.maxDelaySeconds,
    expireInSeconds: task.expireInSeconds,
  };
}

/**
 * The job queue (pg-boss on the API's database, docs/architecture.md#job-queue). A module
 * registers its kinds of job in its constructor ({@link register}); jobs are added in the
 * transaction of the change that causes them ({@link add}) and run by every instance whose task
 * is enabled, one at a time per kind and instance unless the task says more. pg-boss claims with SKIP LOCKED, retries with
 * exponential backoff, retries a job whose worker died once it expires, and keeps failed jobs.
 */
@Injectable()
export class JobQueue implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobQueue.name);
  private readonly boss: PgBoss;
  private readonly tasks = new Map<string, JobTask<object>>();
  private readonly periodicPollingSeconds: number;
  /** Whether this instance works any job (not when API_ROLE is serve). */
  private readonly working: boolean;

  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'databaseUrl' | 'queue' | 'role'>,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
  ) {
    this.working = config.role !== 'serve';
    this.boss = new PgBoss({
      connectionString: config.databaseUrl,
      schema: QUEUE_SCHEMA,
      max: config.queue.poolMax,
      application_name: JOB_QUEUE_APPLICATION_NAME,
      // Expired jobs (their worker died) are looked for on both timers, per queue, by the instances that work jobs.
      supervise: this.working,
      superviseIntervalSeconds: config.queue.superviseIntervalSeconds,
      monitorIntervalSeconds: config.queue.superviseIntervalSeconds,
      // The ready counts that let a worker fetch again at once while a backlog remains (burstWhenReadyExceeds).
      queueCacheIntervalSeconds: config.queue.cacheIntervalSeconds,
      // The periodic jobs' cron schedules: one pass per deployment at a time (of the instances that work jobs) adds the occurrences due.
      schedule: this.working,
      cronMonitorIntervalSeconds: Math.min(config.queue.superviseIntervalSeconds, MAX_CRON_INTERVAL_SECONDS),
      cronWorkerIntervalSeconds: Math.min(config.queue.superviseIntervalSeconds, MAX_CRON_INTERVAL_SECONDS),
    });
    this.periodicPollingSeconds = config.queue.superviseIntervalSeconds;
    this.boss.on('error', (error: unknown) => this.logger.error({ err: error }, 'Job queue error'));
  }

  /** Registers a kind of job (from a provider's constructor, before the queue starts). */
  register<T extends object>(task: JobTask<T>): void {
    this.tasks.set(task.name, task);
  }

  /**
   * Registers a periodic kind of job (from a provider's constructor): pg-boss adds one job on `cron`
   * (UTC) for the whole deployment, which one instance runs, never two at once, with at most one more waiting (a stately queue);
   * a failed run is logged and retried twice, then kept as failed. `cron` null (this instance's settings turn
   * the job off) removes the schedule.
   */
  registerPeriodic(name: string, cron: string | null, run: () => Promise<unknown>): void {
    this.register({
      name,
      cron,
      workerEnabled: cron !== null,
      pollingIntervalSeconds: this.periodicPollingSeconds,
      retry: PERIODIC_RETRY,
      expireInSeconds: PERIODIC_EXPIRY_SECONDS,
      run: async () => {
        try {
          await run();
        } catch (error) {
          this.logger.error({ err: error }, `${name} run failed`);
          throw error;
        }
      },
    });
  }

  /**
   * Starts pg-boss (creating or migrating its schema; instances starting together may collide once,
   * so it tries again), creates the queue of every kind of job that has none, and sets (or removes)
   * the periodic kinds' schedules. A job carries its own policy ({@link add}), so an existing
   * queue's defaults need no update.
   */
  async onModuleInit(): Promise<void> {
    await this.boss.start({ attempts: 3 });
    for (const task of this.tasks.values()) {
      if (!(await this.boss.getQueue(task.name))) {
        try {
          await this.boss.createQueue(task.name, { ...policy(task), policy: task.cron === undefined ? 'standard' : 'stately' });
        } catch (error) {
          // Another instance created it meanwhile.
          if (!(await this.boss.getQueue(task.name))) throw error;
        }
      }
      if (task.cron) await this.boss.schedule(task.name, task.cron, {}, policy(task));
      else if (task.cron === null) await this.boss.unschedule(task.name);
    }
  }

  /**
   * Starts working the enabled kinds of job (none on a serving instance, API_ROLE=serve). A kind
   * that runs an even number of jobs at a time fetches them two by two and runs both at once (still
   * at most `concurrency` in flight when the instance dies); a fetch that came back full is
   * followed by the next at once. With one job per fetch, a worker would fetch
   * again at once only while the queue's statistics show a backlog (burstWhenReadyExceeds), and
   * those are refreshed every QUEUE_SUPERVISE_INTERVAL_SECONDS: a backlog that grew since waited
   * a polling interval per job.
   */
  async onApplicationBootstrap(): Promise<void> {
    for (const task of this.tasks.values()) {
      if (!this.working || !task.workerEnabled) continue;
      const concurrency = task.concurrency ?? 1;
      const batchSize = concurrency % 2 === 0 ? 2 : 1;
      const options = {
        batchSize,
        localConcurrency: concurrency / batchSize,
        includeMetadata: true,
        pollingIntervalSeconds: task.pollingIntervalSeconds,
        burstWhenReadyExceeds: 1,
        burstWhenBatchFull: true,
        perJobResults: true,
      } as const;
      await this.boss.work<object, unknown, typeof options>(task.name, options, (jobs) =>
        Promise.all(
          jobs.map((job) =>
            task.run(job).then(
              (): JobResult => ({ id: job.id, status: 'completed' }),
              (error: unknown): JobResult => ({ id: job.id, status: 'failed', output: error }),
            ),
          ),
        ),
      );
      this.logger.log(`Working the ${task.name} jobs`);
    }
  }

  /** Stops taking jobs and waits (at most `timeout`) for the ones running to end. */
  async onModuleDestroy(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 30_000 });
  }

  /**
   * Adds a job in the transaction in progress — there must be one: the job exists exactly when the
   * transaction that causes it commits. `startAfterSeconds` delays its first attempt. Returns its id.
   */
  async add(name: string, data: object, startAfterSeconds = 0): Promise<string> {
    const task = this.tasks.get(name);
    if (!task) throw new Error(`No task registered for ${name} jobs`);
    return this.txHost.withTransaction(Propagation.Mandatory, async () => {
      // The job carries this instance's policy, whatever another instance last set as the queue's.
      const id = await this.boss.send(name, data, { ...policy(task), db: onTransaction(this.txHost.tx), startAfter: startAfterSeconds });
      if (id === null) throw new Error(`The job queue refused a ${name} job`);
      return id;
    });
  }
}
