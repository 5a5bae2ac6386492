import { Inject, Injectable, Logger } from '@nestjs/common';
import { deleteInBatches } from '../../common/jobs/delete-in-batches';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobQueue } from '../queue/job-queue';
import { AuditEventRepository } from './audit-event.repository';

/** The periodic job's kind, and its schedule: hourly, on the hour (UTC). */
export const AUDIT_RETENTION_JOB = 'audit-retention';
export const AUDIT_RETENTION_CRON = '0 * * * *';
/** Events deleted per statement: short transactions, however many are due. */
const AUDIT_RETENTION_BATCH_SIZE = 1000;

/**
 * Deletes audit events older than AUDIT_RETENTION_DAYS (none when it is 0, which removes the
 * schedule), hourly on the job queue (docs/architecture.md#job-queue). Batches skip the rows a run
 * started by hand is deleting (FOR UPDATE SKIP LOCKED), so that runs at the same time neither wait
 * nor fail.
 */
@Injectable()
export class AuditRetentionJob {
  private readonly logger = new Logger(AuditRetentionJob.name);
  private readonly retentionDays: number;

  constructor(
    private readonly events: AuditEventRepository,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'auditRetentionDays'>,
    queue: JobQueue,
  ) {
    this.retentionDays = config.auditRetentionDays;
    queue.registerPeriodic(AUDIT_RETENTION_JOB, this.retentionDays > 0 ? AUDIT_RETENTION_CRON : null, () => this.runOnce());
  }

  /** Deletes every event past the retention period, batch after batch; the number deleted. */
  async runOnce(): Promise<number> {
    if (this.retentionDays <= 0) return 0;
    const total = await deleteInBatches((size) => this.events.deleteOlderThan(this.retentionDays, size), AUDIT_RETENTION_BATCH_SIZE);
    if (total > 0) this.logger.log(`Deleted ${total} audit events older than ${this.retentionDays} days`);
    return total;
  }
}
