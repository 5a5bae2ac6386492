import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobQueue } from '../queue/job-queue';
import { OrganizationDeletionService } from './organization-deletion.service';

/** The periodic job's kind. */
export const ORGANIZATION_PURGE_JOB = 'organization-purge';

/**
 * Purges the organizations deleted more than ORGANIZATION_RETENTION_DAYS ago, on the job queue at
 * ORGANIZATION_PURGE_SCHEDULE: each run takes the organizations due, which no other run then takes,
 * and finishes purges a crash interrupted (docs/operations.md#organization-purge).
 */
@Injectable()
export class OrganizationPurgeJob {
  private readonly logger = new Logger(OrganizationPurgeJob.name);

  constructor(
    private readonly deletions: OrganizationDeletionService,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'organizationPurge'>,
    queue: JobQueue,
  ) {
    queue.registerPeriodic(ORGANIZATION_PURGE_JOB, config.organizationPurge.schedule, () => this.runOnce());
  }

  /** Purges the organizations due at `now`; the number purged. */
  async runOnce(now = new Date()): Promise<number> {
    const purged = await this.deletions.purgeDue(now);
    if (purged > 0) this.logger.log(`Purged ${purged} deleted organizations`);
    return purged;
  }
}
