import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
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
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private current: Promise<unknown> = Promise.resolve();
  private readonly retentionDays: number;

  constructor(
    private readonly events: AuditEventRepository,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'auditRetentionDays'>,
  ) {
    this.retentionDays = config.auditRetentionDays;
  }

  onApplicationBootstrap(): void {
    if (this.retentionDays > 0) this.schedule(AUDIT_RETENTION_FIRST_RUN_MS);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.current;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.current = this.runOnce()
        .catch((error: unknown) => this.logger.error({ err: error }, 'Audit retention run failed'))
        .then(() => {
          if (!this.stopped) this.schedule(AUDIT_RETENTION_INTERVAL_MS);
        });
    }, delayMs);
    this.timer.unref();
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
