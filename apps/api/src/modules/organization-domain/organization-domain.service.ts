import { Inject, Injectable, Logger } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Actions, DomainError, generateId, stateAfterCheck, UNPAGED_LIST_CAP, validateAsciiDomain } from '@console/domain';
import { randomBytes } from 'node:crypto';
import { domainToASCII, domainToUnicode } from 'node:url';
import type { Operator } from '../../common/auth/operator';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { isUniqueViolation } from '../../database/query-errors';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, changedFields } from '../audit/audit.service';
import { AccessService } from '../membership/access.service';
import { DomainDns, type DomainCheckResult } from './domain-dns';
import {
  toDomainWithOrganizationResponse,
  toOrganizationDomainResponse,
  type DomainWithOrganizationResponse,
  type OrganizationDomainResponse,
} from './organization-domain.dto';
import { OrganizationDomainEntity } from './organization-domain.entity';
import { OrganizationDomainRepository, type DomainChanges } from './organization-domain.repository';

/** Domains claimed per round of the re-check job. */
const RECHECK_BATCH_SIZE = 20;

/** The audit context of the re-check job: no actor, no request. */
const JOB_AUDIT: AuditContext = { actor: null, requestId: null, ip: null, userAgent: null };

/**
 * The ASCII (punycode, lower-case) form of a domain as people write it, without a trailing dot;
 * INVALID_DOMAIN when it is no domain name, PUBLIC_WEBMAIL_DOMAIN for a webmail one
 * (docs/product-rules.md#verified-domains).
 */
function normalizeDomain(input: string): string {
  const written = input.trim().replace(/\.$/, '');
  // domainToASCII answers '' for what is not a valid name (and keeps an IP address as it is: the rules refuse it).
  return validateAsciiDomain(written === '' ? '' : domainToASCII(written).toLowerCase());
}

/** The fields that tell what a change did to a domain, for its audit event. */
const auditedFields = (domain: Pick<OrganizationDomainEntity, 'state' | 'lastError'> & Partial<OrganizationDomainEntity>) => ({
  state: domain.state,
  lastError: domain.lastError,
});

/** Organizations' domains and their verification over DNS (docs/product-rules.md#verified-domains). */
@Injectable()
export class OrganizationDomainService {
  private readonly logger = new Logger(OrganizationDomainService.name);
  private readonly failuresBeforeFailed: number;

  constructor(
    private readonly transactions: TransactionHost,
    private readonly access: AccessService,
    private readonly domains: OrganizationDomainRepository,
    private readonly dns: DomainDns,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'domains'>,
  ) {
    this.failuresBeforeFailed = config.domains.recheckFailures;
  }

  async list(operator: Operator, organizationId: string): Promise<OrganizationDomainResponse[]> {
    await this.access.organization(operator, organizationId, Actions.OrganizationListDomains);
    return (await this.domains.listOfOrganization(organizationId)).map(toOrganizationDomainResponse);
  }

  /** Adds a pending domain with a fresh token; once per organization, never one another organization has verified. */
  async add(operator: Operator, organizationId: string, input: string, audit: AuditContext): Promise<OrganizationDomainResponse> {
    await this.access.organization(operator, organizationId, Actions.OrganizationManageDomains);
    const domain = normalizeDomain(input);
    return this.transactions.withTransaction(async () => {
      if (await this.domains.findInOrganization(organizationId, domain)) throw new DomainError('DOMAIN_ALREADY_ADDED');
      if (await this.domains.verifiedElsewhere(domain, organizationId)) throw new DomainError('DOMAIN_ALREADY_VERIFIED');
      const entity = Object.assign(new OrganizationDomainEntity(), {
        id: generateId('domain'),
        organizationId,
        domain,
        displayDomain: domainToUnicode(domain),
        verificationToken: randomBytes(16).toString('base64url'),
        state: 'pending',
        lastCheckedAt: null,
        lastError: null,
        consecutiveFailures: 0,
        verifiedAt: null,
        verifiedBy: null,
        verifiedById: null,
        joinMode: 'off',
        joinRoleId: null,
        joinProjects: [],
        joinPolicySetById: null,
        createdById: operator.id,
        updatedById: operator.id,
      } satisfies Omit<OrganizationDomainEntity, 'createdAt' | 'updatedAt'>);
      try {
        await this.domains.insert(entity);
      } catch (error: unknown) {
        // The same domain added at the same time by another call of the organization.
        if (isUniqueViolation(error)) throw new DomainError('DOMAIN_ALREADY_ADDED');
        throw error;
      }
      await this.audit.record(audit, {
        action: 'domain.add',
        targetType: 'domain',
        targetId: entity.id,
        organizationId,
        changes: changedFields(null, { domain, state: entity.state }),
      });
      return toOrganizationDomainResponse(await this.found(entity.id));
    });
  }

  /** Looks for the domain's TXT record now and records the outcome (a 200 either way: the state tells). */
  async check(operator: Operator, organizationId: string, domainId: string, audit: AuditContext): Promise<OrganizationDomainResponse> {
    await this.access.organization(operator, organizationId, Actions.OrganizationManageDomains);
    const domain = await this.inOrganization(organizationId, domainId);
    const result = await this.dns.check(domain.domain, domain.verificationToken);
    return this.transactions.withTransaction(async () => {
      const current = await this.inOrganization(organizationId, domainId, true);
      const changes = this.afterCheck(current, result);
      await this.save(current, { ...changes, updatedById: operator.id });
      await this.audit.record(audit, {
        action: 'domain.check',
        targetType: 'domain',
        targetId: current.id,
        organizationId,
        changes: changedFields(auditedFields(current), auditedFields({ ...current, ...changes })),
      });
      return toOrganizationDomainResponse(await this.found(current.id));
    });
  }

  async remove(operator: Operator, organizationId: string, domainId: string, audit: AuditContext): Promise<OrganizationDomainResponse> {
    await this.access.organization(operator, organizationId, Actions.OrganizationManageDomains);
    return this.transactions.withTransaction(async () => {
      const domain = await this.inOrganization(organizationId, domainId, true);
      await this.domains.delete(domain.id);
      await this.audit.record(audit, {
        action: 'domain.remove',
        targetType: 'domain',
        targetId: domain.id,
        organizationId,
        changes: { domain: { before: domain.domain, after: null }, state: { before: domain.state, after: null } },
      });
      return toOrganizationDomainResponse(domain);
    });
  }

  /** Every organization's domains (system administrators), at most UNPAGED_LIST_CAP. */
  async listAll(operator: Operator): Promise<DomainWithOrganizationResponse[]> {
    this.access.assert(operator, Actions.DomainListAll);
    return (await this.domains.listAll(UNPAGED_LIST_CAP)).map(toDomainWithOrganizationResponse);
  }

  /** A system administrator verifies the domain by hand (e.g. after checking with the customer another way). */
  async verifyManually(operator: Operator, domainId: string, audit: AuditContext): Promise<OrganizationDomainResponse> {
    this.access.assert(operator, Actions.DomainVerifyManually);
    return this.transactions.withTransaction(async () => {
      const domain = await this.domains.findByIdForUpdate(domainId);
      if (!domain) throw new DomainError('NOT_FOUND');
      const changes: DomainChanges = {
        state: 'verified',
        lastError: null,
        consecutiveFailures: 0,
        verifiedAt: new Date(),
        verifiedBy: 'systemAdmin',
        verifiedById: operator.id,
        updatedById: operator.id,
      };
      await this.save(domain, changes);
      await this.audit.record(audit, {
        action: 'domain.verifyManually',
        targetType: 'domain',
        targetId: domain.id,
        organizationId: domain.organizationId,
        changes: changedFields(auditedFields(domain), { ...auditedFields({ ...domain, ...changes }), verifiedBy: 'systemAdmin' }),
      });
      return toOrganizationDomainResponse(await this.found(domain.id));
    });
  }

  /**
   * Re-checks the verified domains last checked before `checkedBefore`, a batch at a time; several
   * instances share the work (see claimDueForRecheck). A domain whose state changes gets an audit
   * event without an actor. The number of domains checked.
   */
  async recheckDue(checkedBefore: Date): Promise<number> {
    // A claim marks its domains checked now: claiming only those checked before the run started
    // keeps a run from checking a domain twice, even when `checkedBefore` lies ahead (the tests').
    const due = new Date(Math.min(checkedBefore.getTime(), Date.now()));
    let total = 0;
    for (;;) {
      const claimed = await this.transactions.withTransaction(() => this.domains.claimDueForRecheck(due, RECHECK_BATCH_SIZE));
      for (const domain of claimed) {
        const result = await this.dns.check(domain.domain, domain.verificationToken);
        await this.transactions.withTransaction(async () => {
          const current = await this.domains.findByIdForUpdate(domain.id);
          // Removed, or checked by someone meanwhile: the newer state stands.
          if (current?.state !== 'verified') return;
          const changes = this.afterCheck(current, result);
          await this.domains.update(current.id, changes);
          if (changes.state === current.state) return;
          this.logger.warn(`Domain ${current.domain} of organization ${current.organizationId} is no longer verified (${changes.lastError ?? ''})`);
          await this.audit.record(JOB_AUDIT, {
            action: 'domain.recheck',
            targetType: 'domain',
            targetId: current.id,
            organizationId: current.organizationId,
            changes: changedFields(auditedFields(current), auditedFields({ ...current, ...changes })),
          });
        });
      }
      total += claimed.length;
      if (claimed.length < RECHECK_BATCH_SIZE) return total;
    }
  }

  /** The changes a check's result makes to the domain (the grace of docs/product-rules.md#verified-domains). */
  private afterCheck(domain: OrganizationDomainEntity, result: DomainCheckResult): DomainChanges {
    const now = new Date();
    if (result.verified) {
      const newlyVerified = domain.state !== 'verified';
      return {
        state: 'verified',
        lastCheckedAt: now,
        lastError: null,
        consecutiveFailures: 0,
        ...(newlyVerified ? { verifiedAt: now, verifiedBy: 'dns' as const, verifiedById: null } : {}),
      };
    }
    const failures = domain.consecutiveFailures + 1;
    return {
      state: stateAfterCheck(domain.state, false, failures, this.failuresBeforeFailed),
      lastCheckedAt: now,
      lastError: result.failure,
      consecutiveFailures: failures,
    };
  }

  /** Writes the changes; a domain becoming verified that another organization has verified meanwhile is refused (409). */
  private async save(domain: OrganizationDomainEntity, changes: DomainChanges): Promise<void> {
    if (changes.state === 'verified' && domain.state !== 'verified' && (await this.domains.verifiedElsewhere(domain.domain, domain.organizationId))) {
      throw new DomainError('DOMAIN_ALREADY_VERIFIED');
    }
    try {
      await this.domains.update(domain.id, changes);
    } catch (error: unknown) {
      if (isUniqueViolation(error)) throw new DomainError('DOMAIN_ALREADY_VERIFIED');
      throw error;
    }
  }

  /** The domain of the organization (its row locked with `forUpdate`); NOT_FOUND when it is not the organization's. */
  private async inOrganization(organizationId: string, domainId: string, forUpdate = false): Promise<OrganizationDomainEntity> {
    const domain = forUpdate ? await this.domains.findByIdForUpdate(domainId) : await this.domains.findById(domainId);
    if (domain?.organizationId !== organizationId) throw new DomainError('NOT_FOUND');
    return domain;
  }

  private async found(id: string): Promise<OrganizationDomainEntity> {
    const domain = await this.domains.findById(id);
    if (!domain) throw new DomainError('NOT_FOUND');
    return domain;
  }
}
