import { Inject, Injectable, Logger } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Actions, can, DomainError } from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import { listAnswer, listWindow, type ListRequest, type Page } from '../../common/http/paging';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AccountRepository } from '../account/account.repository';
import type { AuditContext } from '../audit/audit-context';
import { AuditService } from '../audit/audit.service';
import { ImageService } from '../files/image.service';
import { AccessService } from '../membership/access.service';
import type { OrganizationResponse } from '../organization/organization.dto';
import type { OrganizationEntity } from '../organization/organization.entity';
import { OrganizationRepository } from '../organization/organization.repository';
import { OrganizationService } from '../organization/organization.service';
import {
  DAY_MS,
  purgeTime,
  toDeletedOrganizationResponse,
  toDeletedOrganizationRowResponse,
  type DeletedOrganizationResponse,
} from './organization-deletion.dto';
import { OrganizationDeletionRepository } from './organization-deletion.repository';
import { DELETED_ORGANIZATION_KEYSET, deletedOrganizationKeyOf } from './organization-deletion.sql';

/** The audit context of the purge job's events: no actor, no request. */
const JOB_AUDIT: AuditContext = { actor: null, requestId: null, ip: null, userAgent: null };
/** Organizations claimed per statement, and how long a claim keeps other instances away (a crashed purge is taken up again after it). */
const PURGE_BATCH_SIZE = 10;
export const PURGE_LEASE_MS = 15 * 60_000;

/**
 * The steps of a purge, in order, each in a transaction of its own: what references the next one
 * goes first, and the organization's row goes last, so that a purge interrupted after any step is
 * finished by the next run (docs/operations.md#organization-purge).
 */
const PURGE_STEPS = ['invitations', 'memberships', 'karteMappings', 'projects', 'domainsAndRoles', 'files', 'organization'] as const;
type PurgeStep = (typeof PURGE_STEPS)[number];

/**
 * Deleting an organization (docs/product-rules.md#organization-deletion): a soft delete that hides it
 * from everyone at once, restoring it within the retention period, and purging it afterwards.
 */
@Injectable()
export class OrganizationDeletionService {
  private readonly logger = new Logger(OrganizationDeletionService.name);
  private readonly retentionDays: number;

  constructor(
    private readonly transactions: TransactionHost,
    private readonly access: AccessService,
    private readonly organizations: OrganizationRepository,
    private readonly organizationService: OrganizationService,
    private readonly deletions: OrganizationDeletionRepository,
    private readonly accounts: AccountRepository,
    private readonly images: ImageService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'organizationPurge'>,
  ) {
    this.retentionDays = config.organizationPurge.retentionDays;
  }

  /**
   * Deletes the organization (an organization admin or a system admin) once `confirmName` is its
   * exact name: from then on it answers as a missing organization. A system administrator deleting
   * a deleted organization is told ORGANIZATION_ALREADY_DELETED; anyone else gets the answer of a
   * missing organization.
   */
  async delete(operator: Operator, organizationId: string, confirmName: string, audit: AuditContext): Promise<DeletedOrganizationResponse> {
    return this.transactions.withTransaction(async () => {
      const organization = await this.organizations.findAnyForUpdate(organizationId);
      if (organization?.deletedAt && can(Actions.OrganizationListDeleted, { operator })) throw new DomainError('ORGANIZATION_ALREADY_DELETED');
      await this.access.organization(operator, organizationId, Actions.OrganizationDelete);
      if (!organization) throw new DomainError('NOT_FOUND');
      if (confirmName !== organization.name) throw new DomainError('ORGANIZATION_DELETION_NOT_CONFIRMED');
      const deletedAt = new Date();
      await this.organizations.update(organizationId, { deletedAt, deletedById: operator.id });
      await this.audit.record(audit, {
        action: 'organization.delete',
        targetType: 'organization',
        targetId: organizationId,
        organizationId,
        changes: { deletedAt: { before: null, after: deletedAt.toISOString() } },
      });
      const deleter = await this.accounts.findById(operator.id);
      return toDeletedOrganizationResponse(
        { ...organization, deletedAt, deletedById: operator.id },
        { name: deleter?.name ?? null, email: deleter?.email ?? null },
        this.retentionDays,
        deletedAt,
      );
    });
  }

  /** The deleted organizations not purged yet (system administrators), the latest deleted first; the query matches the name. */
  async listDeleted(operator: Operator, request: ListRequest): Promise<DeletedOrganizationResponse[] | Page<DeletedOrganizationResponse>> {
    this.access.assert(operator, Actions.OrganizationListDeleted);
    const window = listWindow(request, DELETED_ORGANIZATION_KEYSET);
    const now = new Date();
    return listAnswer(window, await this.deletions.deletedPage(window), deletedOrganizationKeyOf, (row) =>
      toDeletedOrganizationRowResponse(row, this.retentionDays, now),
    );
  }

  /**
   * Restores a deleted organization (system administrators) within its retention period, with
   * everything it held; afterwards ORGANIZATION_RESTORE_PERIOD_OVER. A live organization answers
   * ORGANIZATION_NOT_DELETED, an unknown (or purged) one NOT_FOUND.
   */
  async restore(operator: Operator, organizationId: string, audit: AuditContext): Promise<OrganizationResponse> {
    this.access.assert(operator, Actions.OrganizationRestore);
    return this.transactions.withTransaction(async () => {
      const organization = await this.organizations.findAnyForUpdate(organizationId);
      if (!organization) throw new DomainError('NOT_FOUND');
      if (!organization.deletedAt) throw new DomainError('ORGANIZATION_NOT_DELETED');
      if (purgeTime(organization.deletedAt, this.retentionDays) <= new Date() || organization.purgeLeaseUntil !== null) {
        throw new DomainError('ORGANIZATION_RESTORE_PERIOD_OVER');
      }
      await this.organizations.update(organizationId, { deletedAt: null, deletedById: null });
      await this.audit.record(audit, {
        action: 'organization.restore',
        targetType: 'organization',
        targetId: organizationId,
        organizationId,
        changes: { deletedAt: { before: organization.deletedAt.toISOString(), after: null } },
      });
      const [response] = await this.organizationService.toResponses([{ ...organization, deletedAt: null, deletedById: null }]);
      if (!response) throw new DomainError('NOT_FOUND');
      return response;
    });
  }

  /**
   * Purges the organizations deleted more than the retention period before `now`, a batch at a
   * time; several instances share the work (see claimDueForPurge). The number purged.
   */
  async purgeDue(now: Date): Promise<number> {
    const deletedBefore = new Date(now.getTime() - this.retentionDays * DAY_MS);
    const leaseUntil = new Date(now.getTime() + PURGE_LEASE_MS);
    let total = 0;
    for (;;) {
      const claimed = await this.transactions.withTransaction(() => this.deletions.claimDueForPurge(deletedBefore, now, leaseUntil, PURGE_BATCH_SIZE));
      for (const organizationId of claimed) {
        if (await this.purge(organizationId)) total += 1;
      }
      if (claimed.length < PURGE_BATCH_SIZE) return total;
    }
  }

  /** Runs every purge step of the organization; whether this run removed its row (false: restored or gone meanwhile). */
  private async purge(organizationId: string): Promise<boolean> {
    for (const step of PURGE_STEPS) {
      const done = await this.transactions.withTransaction(async () => {
        const organization = await this.deletions.findDeleted(organizationId);
        if (!organization) return false;
        await this.runStep(step, organization);
        return true;
      });
      if (!done) return false;
    }
    this.logger.log(`Purged the deleted organization ${organizationId}`);
    return true;
  }

  private async runStep(step: PurgeStep, organization: OrganizationEntity): Promise<void> {
    const id = organization.id;
    switch (step) {
      case 'invitations':
        return this.deletions.deleteInvitations(id);
      case 'memberships':
        return this.deletions.deleteMemberships(id);
      case 'karteMappings':
        return this.deletions.deleteKarteMappings(id);
      case 'projects':
        return this.deletions.deleteProjects(id);
      case 'domainsAndRoles':
        return this.deletions.deleteDomainsAndRoles(id);
      case 'files':
        return this.deleteImage(organization);
      case 'organization':
        await this.deletions.deleteOrganization(id);
        // The audit events of the organization stay, until the audit retention job deletes them.
        return this.audit.record(JOB_AUDIT, {
          action: 'organization.purge',
          targetType: 'organization',
          targetId: id,
          organizationId: id,
          changes: { name: { before: organization.name, after: null } },
        });
    }
  }

  /** The organization's stored profile image, unless an account or another organization shows the same one (deleting a gone file is no error). */
  private async deleteImage(organization: OrganizationEntity): Promise<void> {
    const name = organization.profileImageSrc === null ? null : this.images.storedName(organization.profileImageSrc);
    if (name !== null && !(await this.accounts.storedImageInUse(name, organization.id))) await this.images.delete(name);
  }
}
