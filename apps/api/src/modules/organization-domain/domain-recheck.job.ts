import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobQueue } from '../queue/job-queue';
import { OrganizationDomainService } from './organization-domain.service';

/** The periodic job's kind, and its schedule: every 15 minutes (UTC). */
export const DOMAIN_RECHECK_JOB = 'domain-recheck';
const DOMAIN_RECHECK_CRON = '*/15 * * * *';
const HOUR_MS = 60 * 60_000;

/**
 * Re-checks verified domains every DOMAIN_RECHECK_INTERVAL_HOURS (none when it is 0, which removes
 * the schedule): a run every 15 minutes on the job queue takes the domains due, which no other run
 * then takes (docs/operations.md#verified-domains).
 */
@Injectable()
export class DomainRecheckJob {
  private readonly logger = new Logger(DomainRecheckJob.name);
  private readonly intervalHours: number;

  constructor(
    private readonly domains: OrganizationDomainService,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'domains'>,
    queue: JobQueue,
  ) {
    this.intervalHours = config.domains.recheckIntervalHours;
    queue.registerPeriodic(DOMAIN_RECHECK_JOB, this.intervalHours > 0 ? DOMAIN_RECHECK_CRON : null, () => this.runOnce());
  }

  /** Re-checks the verified domains last checked more than the interval before `now`; the number checked. */
  async runOnce(now = new Date()): Promise<number> {
    if (this.intervalHours <= 0) return 0;
    const checked = await this.domains.recheckDue(new Date(now.getTime() - this.intervalHours * HOUR_MS));
    if (checked > 0) this.logger.log(`Re-checked ${checked} verified domains`);
    return checked;
  }
}
