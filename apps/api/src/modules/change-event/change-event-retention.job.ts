import { Inject, Injectable, Logger } from '@nestjs/common';
import { deleteInBatches } from '../../common/jobs/delete-in-batches';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobQueue } from '../queue/job-queue';
import { ChangeEventRepository } from './change-event.repository';

/** The periodic job's kind, and its schedule: hourly, at half past (UTC), apart from the audit retention. */
export const CHANGE_EVENT_RETENTION_JOB = 'change-event-retention';
export const CHANGE_EVENT_RETENTION_CRON = '30 * * * *';
/** Events deleted per statement (with their deliveries): short transactions, however many are due. */
const CHANGE_EVENT_RETENTION_BATCH_SIZE = 1000;

/**
 * Deletes change events older than CHANGE_EVENT_RETENTION_DAYS (30; none when it is 0, which
 * removes the schedule) with their webhook deliveries, hourly on the job queue
 * (docs/architecture.md#job-queue). The pull API's cursors stay valid: a reader behind the period
 * continues with the oldest event kept.
 */
@Injectable()
export class ChangeEventRetentionJob {
  private readonly logger = new Logger(ChangeEventRetentionJob.name);
  private readonly retentionDays: number;

  constructor(
    private readonly events: ChangeEventRepository,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'changeEventRetentionDays'>,
    queue: JobQueue,
  ) {
    this.retentionDays = config.changeEventRetentionDays;
    queue.registerPeriodic(CHANGE_EVENT_RETENTION_JOB, this.retentionDays > 0 ? CHANGE_EVENT_RETENTION_CRON : null, () => this.runOnce());
  }

  /** Deletes every event past the retention period, batch after batch; the number deleted. */
  async runOnce(): Promise<number> {
    if (this.retentionDays <= 0) return 0;
    const total = await deleteInBatches((size) => this.events.deleteOlderThan(this.retentionDays, size), CHANGE_EVENT_RETENTION_BATCH_SIZE);
    if (total > 0) this.logger.log(`Deleted ${total} change events older than ${this.retentionDays} days, with their deliveries`);
    return total;
  }
}
