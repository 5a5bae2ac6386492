import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PeriodicRun } from '../../common/jobs/periodic-run';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OrganizationDeletionService } from './organization-deletion.service';

/** The longest wait for the first run after the start. */
const ORGANIZATION_PURGE_FIRST_RUN_MS = 60_000;

/**
 * Purges the organizations deleted more than ORGANIZATION_RETENTION_DAYS ago, in every instance,
 * every ORGANIZATION_PURGE_INTERVAL_MS: each run takes the organizations due, which no other
 * instance then takes, and finishes purges a crash interrupted (docs/operations.md#organization-purge).
 */
@Injectable()
export class OrganizationPurgeJob implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OrganizationPurgeJob.name);
  private readonly runs: PeriodicRun;

  constructor(
    private readonly deletions: OrganizationDeletionService,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'organizationPurge'>,
  ) {
    const everyMs = config.organizationPurge.intervalMs;
    this.runs = new PeriodicRun(
      () => this.runOnce(),
      { firstRunMs: Math.min(everyMs, ORGANIZATION_PURGE_FIRST_RUN_MS), everyMs },
      this.logger,
      'Organization purge run failed',
    );
  }

  onApplicationBootstrap(): void {
    this.runs.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.runs.stop();
  }

  /** Purges the organizations due at `now`; the number purged. */
  async runOnce(now = new Date()): Promise<number> {
    const purged = await this.deletions.purgeDue(now);
    if (purged > 0) this.logger.log(`Purged ${purged} deleted organizations`);
    return purged;
  }
}
