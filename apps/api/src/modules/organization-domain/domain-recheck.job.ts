import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PeriodicRun } from '../../common/jobs/periodic-run';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OrganizationDomainService } from './organization-domain.service';

/** Delay of the first run after the start, and between runs. */
const DOMAIN_RECHECK_FIRST_RUN_MS = 2 * 60_000;
const DOMAIN_RECHECK_RUN_EVERY_MS = 15 * 60_000;
const HOUR_MS = 60 * 60_000;

/**
 * Re-checks verified domains every DOMAIN_RECHECK_INTERVAL_HOURS (none when it is 0), in every
 * instance: each run takes the domains due, which no other instance then takes
 * (docs/operations.md#verified-domains).
 */
@Injectable()
export class DomainRecheckJob implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DomainRecheckJob.name);
  private readonly runs = new PeriodicRun(
    () => this.runOnce(),
    { firstRunMs: DOMAIN_RECHECK_FIRST_RUN_MS, everyMs: DOMAIN_RECHECK_RUN_EVERY_MS },
    this.logger,
    'Domain re-check run failed',
  );
  private readonly intervalHours: number;

  constructor(
    private readonly domains: OrganizationDomainService,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'domains'>,
  ) {
    this.intervalHours = config.domains.recheckIntervalHours;
  }

  onApplicationBootstrap(): void {
    if (this.intervalHours > 0) this.runs.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.runs.stop();
  }

  /** Re-checks the verified domains last checked more than the interval before `now`; the number checked. */
  async runOnce(now = new Date()): Promise<number> {
    if (this.intervalHours <= 0) return 0;
    const checked = await this.domains.recheckDue(new Date(now.getTime() - this.intervalHours * HOUR_MS));
    if (checked > 0) this.logger.log(`Re-checked ${checked} verified domains`);
    return checked;
  }
}
