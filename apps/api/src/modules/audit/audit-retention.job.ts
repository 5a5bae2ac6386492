import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PeriodicRun } from '../../common/jobs/periodic-run';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AuditEventRepository } from './audit-event.repository';

/** Delay of the first run after the start, and between runs. */
export const AUDIT_RETENTION_FIRST_RUN_MS = 60_000;
export const AUDIT_RETENTION_INTERVAL_MS = 60 * 60_000;
/** Events deleted per statement: short transactions, however many are due. */
const AUDIT_RETENTION_BATCH_SIZE = 1000;

/**
 * Deletes audit events older than AUDIT_RETENTION_DAYS (none when it is 0), in every instance, a
 * minute after the start and then hourly. Batches skip the rows another instance is deleting
 * (FOR UPDATE SKIP LOCKED), so that instances running at the same time neither wait nor fail.
 */
@Injectable()
export class AuditRetentionJob implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AuditRetentionJob.name);
  private readonly runs = new PeriodicRun(
    () => this.runOnce(),
    { firstRunMs: AUDIT_RETENTION_FIRST_RUN_MS, everyMs: AUDIT_RETENTION_INTERVAL_MS },
    this.logger,
    'Audit retention run failed',
  );
  private readonly retentionDays: number;

  constructor(
    private readonly events: AuditEventRepository,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'auditRetentionDays'>,
  ) {
    this.retentionDays = config.auditRetentionDays;
  }

  onApplicationBootstrap(): void {
    if (this.retentionDays > 0) this.runs.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.runs.stop();
  }

  /** Deletes every event past the retention period, batch after batch; the number deleted. */
  async runOnce(): Promise<number> {
    if (this.retentionDays <= 0) return 0;
    let total = 0;
    for (;;) {
      const deleted = await this.events.deleteOlderThan(this.retentionDays, AUDIT_RETENTION_BATCH_SIZE);
      total += deleted;
      if (deleted < AUDIT_RETENTION_BATCH_SIZE) break;
    }
    if (total > 0) this.logger.log(`Deleted ${total} audit events older than ${this.retentionDays} days`);
    return total;
  }
}
