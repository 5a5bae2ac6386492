import { Inject, Injectable, Logger } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import {
  Actions,
  assertJoinRequestPending,
  assertMayRequestJoin,
  assertValidId,
  DomainError,
  emailDomain,
  emailsEqual,
  generateId,
  joinOption,
  joinPolicyMembership,
  normalizeJoinPolicy,
  type JoinPolicy,
  type Membership,
} from '@console/domain';
import type { FirebaseUser, Operator } from '../../common/auth/operator';
import { listAnswer, listWindow, type Page } from '../../common/http/paging';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { isUniqueViolation } from '../../database/query-errors';
import { AccountRepository } from '../account/account.repository';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, changedFields } from '../audit/audit.service';
import { InvitationGrantsService } from '../invitation/invitation-grants.service';
import { MailService } from '../mail/mail.service';
import { AccessService } from '../membership/access.service';
import { MembershipRepository } from '../membership/membership.repository';
import { MembershipService } from '../membership/membership.service';
import { toOrganizationDomainResponse, type OrganizationDomainResponse } from '../organization-domain/organization-domain.dto';
import type { OrganizationDomainEntity } from '../organization-domain/organization-domain.entity';
import { OrganizationDomainRepository } from '../organization-domain/organization-domain.repository';
import { OrganizationRepository } from '../organization/organization.repository';
import { RoleRepository } from '../role/role.repository';
import { JOIN_REQUEST_KEYSET, joinRequestKeyOf, JoinRequestRepository } from './join-request.repository';
import { joinDecisionMail, joinRequestMail } from './join-request-mail';
import {
  toJoinRequestResponse,
  type JoinableOrganizationResponse,
  type JoinedOrganizationResponse,
  type JoinOptionsResponse,
  type JoinRequestResponse,
  type ListJoinRequestsRequest,
} from './organization-join.dto';

/** The policy of a domain, as the audit event of a change records it. */
const policyFields = (domain: Pick<OrganizationDomainEntity, 'joinMode' | 'joinRoleId' | 'joinProjects'>) => ({
  joinMode: domain.joinMode,
  joinRoleId: domain.joinRoleId,
  joinProjects: domain.joinProjects,
});

/** The policy a domain has. */
const policyOf = (domain: OrganizationDomainEntity): JoinPolicy => ({ mode: domain.joinMode, roleId: domain.joinRoleId, projects: domain.joinProjects });

/** Whether the identity provider has verified the address of the operator's account (the token's, the same address). */
const addressVerified = (operator: Operator, user: FirebaseUser): boolean => user.emailVerified && emailsEqual(user.email, operator.email);

/**
 * Joining organizations through their verified domains (docs/product-rules.md#auto-join): the
 * domains' join policies, the automatic join after signing in, and join requests.
 */
@Injectable()
export class OrganizationJoinService {
  private readonly logger = new Logger(OrganizationJoinService.name);
  private readonly appOrigin: string;

  constructor(
    private readonly transactions: TransactionHost,
    private readonly access: AccessService,
    private readonly domains: OrganizationDomainRepository,
    private readonly requests: JoinRequestRepository,
    private readonly membershipService: MembershipService,
    private readonly memberships: MembershipRepository,
    private readonly roles: RoleRepository,
    private readonly grants: InvitationGrantsService,
    private readonly accounts: AccountRepository,
    private readonly organizations: OrganizationRepository,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'appOrigin'>,
  ) {
    this.appOrigin = config.appOrigin;
  }

  /**
   * Sets a domain's join policy: an organization admin's (or system admin's) decision, granting no
   * more than they may grant in an invitation (the same rules: THE rule of sending an invitation, and
   * the roles and projects must be the organization's).
   */
  async setPolicy(operator: Operator, organizationId: string, domainId: string, input: JoinPolicy, audit: AuditContext): Promise<OrganizationDomainResponse> {
    const policy = normalizeJoinPolicy(input);
    const membership = joinPolicyMembership(organizationId, policy);
    if (membership) {
      assertValidId('role', membership.roleId);
      for (const p of membership.projects) {
        assertValidId('project', p.projectId);
        assertValidId('role', p.roleId);
      }
    }
    const authorize = async () => {
      const access = await this.access.organization(
        operator,
        organizationId,
        Actions.OrganizationManageDomains,
        {},
        membership?.projects.map((p) => p.projectId),
      );
      if (membership) {
        const organizationRoles = await this.roles.findOrganizationRoles([organizationId]);
        this.access.assertMayInvite(access, membership, organizationRoles, []);
        await this.grants.assertValid(membership, access, organizationRoles);
      }
      return access;
    };
    return this.membershipService.change(authorize, async () => {
      const domain = await this.domains.findByIdForUpdate(domainId);
      if (domain?.organizationId !== organizationId) throw new DomainError('NOT_FOUND');
      const changes = { joinMode: policy.mode, joinRoleId: policy.roleId, joinProjects: policy.projects };
      await this.domains.update(domain.id, { ...changes, joinPolicySetById: membership ? operator.id : null, updatedById: operator.id });
      await this.audit.record(audit, {
        action: 'domain.setJoinPolicy',
        targetType: 'domain',
        targetId: domain.id,
        organizationId,
        changes: changedFields(policyFields(domain), changes),
      });
      return toOrganizationDomainResponse({ ...domain, ...changes });
    });
  }

  /**
   * After signing in (or up, or verifying the address): joins the organization whose verified
   * domain is the address's when its policy is automatic, and tells what else the person may do.
   */
  async joinByDomain(operator: Operator, user: FirebaseUser, audit: AuditContext): Promise<JoinOptionsResponse> {
    const emailVerified = addressVerified(operator, user);
    const domain = await this.domains.findVerified(emailDomain(operator.email));
    const organization = domain && (await this.organizations.findById(domain.organizationId));
    const joined: JoinedOrganizationResponse[] = [];
    const available: JoinableOrganizationResponse[] = [];
    if (domain && organization) {
      const alreadyMember = await this.memberships.isOrganizationMember(operator.id, domain.organizationId);
      const option = joinOption({ email: operator.email, emailVerified, alreadyMember }, domain);
      const membership = option === 'join' ? await this.autoJoin(operator, domain.id, audit) : null;
      if (membership) {
        joined.push({ organizationId: organization.id, organizationName: organization.name, projectIds: membership.projects.map((p) => p.projectId) });
      } else if (option === 'request' || option === 'verifyEmail') {
        available.push({
          organizationId: organization.id,
          organizationName: organization.name,
          domain: domain.displayDomain,
          mode: domain.joinMode,
          needsEmailVerification: option === 'verifyEmail',
        });
      }
    }
    const requests = (await this.requests.ofAccount(operator.id)).map(toJoinRequestResponse);
    return { emailVerified, joined, available, requests };
  }

  /**
   * The automatic join, in one transaction under the organization's lock: the domain read again
   * (still verified, still automatic), never over a membership, with the roles the policy gives now
   * (a project or role gone since is skipped) and only while the admin who set it may still grant
   * them. The membership given, or null when nothing was joined.
   */
  private async autoJoin(operator: Operator, domainId: string, audit: AuditContext): Promise<Membership | null> {
    try {
      return await this.transactions.withTransaction(async () => {
        const found = await this.domains.findById(domainId);
        if (!found) return null;
        await this.membershipService.lockOrganization(found.organizationId);
        const domain = await this.domains.findByIdForUpdate(domainId);
        if (!domain || domain.joinRoleId === null || domain.joinPolicySetById === null) return null;
        const alreadyMember = await this.memberships.isOrganizationMember(operator.id, domain.organizationId);
        if (joinOption({ email: operator.email, emailVerified: true, alreadyMember }, domain) !== 'join') return null;
        const grant = { ...this.grantOf(domain, operator.email), createdById: domain.joinPolicySetById };
        const membership = (await this.grants.memberships(domain.organizationId, [grant])).get(domain.id);
        if (!membership || !(await this.grants.senderMayGrant(grant, membership))) {
          this.logger.warn(`Join policy of domain ${domain.domain} grants what its admin may no longer grant: nobody joins with it`);
          return null;
        }
        await this.membershipService.add(operator.id, membership, operator.id);
        await this.audit.record(audit, {
          action: 'organization.autoJoin',
          targetType: 'membership',
          targetId: operator.id,
          organizationId: domain.organizationId,
          changes: changedFields(null, { domain: domain.domain, roleId: membership.roleId, projects: membership.projects }),
        });
        return membership;
      });
    } catch (error) {
      // Joined by a concurrent call (another tab signing in): the membership is there once.
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** The policy of a domain as an invitation the grant rules ask about (from its admin to `email`). */
  private grantOf(domain: OrganizationDomainEntity, email: string) {
    return { id: domain.id, organizationId: domain.organizationId, email, roleId: domain.joinRoleId ?? '', projects: domain.joinProjects };
  }

  /**
   * A person with a verified address on a verified domain of the organization in request mode asks
   * to join it (once: a pending request is answered again); the organization's admins are e-mailed.
   */
  async createRequest(operator: Operator, user: FirebaseUser, organizationId: string, audit: AuditContext): Promise<JoinRequestResponse> {
    const verified = addressVerified(operator, user);
    const id = await this.transactions.withTransaction(async () => {
      const domains = await this.domains.listOfOrganization(organizationId);
      const alreadyMember = await this.memberships.isOrganizationMember(operator.id, organizationId);
      const options = domains.map((domain) => joinOption({ email: operator.email, emailVerified: verified, alreadyMember }, domain));
      assertMayRequestJoin(alreadyMember, options);
      const pending = await this.requests.findPending(organizationId, operator.id);
      if (pending) return pending.id;
      const domain = domains[options.indexOf('request')];
      const requestId = generateId('joinRequest');
      await this.requests.insert({
        id: requestId,
        organizationId,
        domainId: domain?.id ?? null,
        accountId: operator.id,
        email: operator.email.toLowerCase(),
        status: 'pending',
        decidedById: null,
        decidedAt: null,
        createdById: operator.id,
      });
      await this.audit.record(audit, {
        action: 'joinRequest.create',
        targetType: 'joinRequest',
        targetId: requestId,
        organizationId,
        changes: changedFields(null, { status: 'pending', domain: domain?.domain }),
      });
      await this.mailAdmins(requestId, operator);
      return requestId;
    });
    return this.response(id);
  }

  /** E-mails every admin of the organization about a new request, each in their language. */
  private async mailAdmins(requestId: string, operator: Operator): Promise<void> {
    const request = await this.requests.withNames(requestId);
    if (!request) return;
    const admins = await this.accounts.findByIds(await this.memberships.organizationAdmins(request.organizationId));
    for (const admin of admins) {
      await this.mail.enqueue(
        joinRequestMail(
          this.appOrigin,
          {
            requestId,
            organizationId: request.organizationId,
            organizationName: request.organizationName,
            requester: { name: request.accountName, email: operator.email },
          },
          { email: admin.email, locale: admin.locale },
        ),
      );
    }
  }

  /** The organization's join requests (of one status when asked), newest first. */
  async list(operator: Operator, request: ListJoinRequestsRequest): Promise<JoinRequestResponse[] | Page<JoinRequestResponse>> {
    await this.access.organization(operator, request.organizationId, Actions.OrganizationManageJoinRequests);
    const window = listWindow(request, JOIN_REQUEST_KEYSET);
    const rows = await this.requests.page(request.organizationId, request.status, window);
    return listAnswer(window, rows, joinRequestKeyOf, toJoinRequestResponse);
  }

  async countPending(operator: Operator, organizationId: string): Promise<{ count: number }> {
    await this.access.organization(operator, organizationId, Actions.OrganizationManageJoinRequests);
    return { count: await this.requests.countPending(organizationId) };
  }

  /**
   * Approves a pending request: the requester gets the membership the policy of the request's
   * domain gives now (JOIN_NOT_AVAILABLE once that policy is off or the domain removed), granted by
   * the approving admin with the rules of an invitation; or declines it. Under the organization's
   * lock, with its event, and an e-mail to the requester.
   */
  async decide(operator: Operator, organizationId: string, requestId: string, approve: boolean, audit: AuditContext): Promise<JoinRequestResponse> {
    assertValidId('joinRequest', requestId);
    const authorize = () => this.access.organization(operator, organizationId, Actions.OrganizationManageJoinRequests);
    await this.membershipService.change(authorize, async () => {
      const request = await this.requests.findByIdForUpdate(requestId);
      if (request?.organizationId !== organizationId) throw new DomainError('NOT_FOUND');
      assertJoinRequestPending(request.status);
      if (approve) await this.approve(operator, request.accountId, request.email, request.domainId);
      const status = approve ? 'approved' : 'declined';
      await this.requests.decide(request.id, status, operator.id);
      await this.audit.record(audit, {
        action: approve ? 'joinRequest.approve' : 'joinRequest.decline',
        targetType: 'joinRequest',
        targetId: request.id,
        organizationId,
        changes: { status: { before: 'pending', after: status } },
      });
      const [requester, organization] = await Promise.all([this.accounts.findById(request.accountId), this.organizations.findById(organizationId)]);
      if (requester && organization) {
        await this.mail.enqueue(
          joinDecisionMail(this.appOrigin, { requestId: request.id, organizationName: organization.name }, status, {
            email: request.email,
            locale: requester.locale,
          }),
        );
      }
    });
    return this.response(requestId);
  }

  /** Adds the requester's membership with the roles of the domain's policy, as the operator may grant them. */
  private async approve(operator: Operator, accountId: string, email: string, domainId: string | null): Promise<void> {
    const domain = domainId === null ? null : await this.domains.findById(domainId);
    const policy = domain && joinPolicyMembership(domain.organizationId, policyOf(domain));
    if (!domain || !policy) throw new DomainError('JOIN_NOT_AVAILABLE');
    if (await this.memberships.isOrganizationMember(accountId, domain.organizationId)) throw new DomainError('ALREADY_ORGANIZATION_MEMBER');
    const membership = (await this.grants.memberships(domain.organizationId, [{ ...this.grantOf(domain, email), createdById: operator.id }])).get(domain.id);
    if (!membership) throw new DomainError('JOIN_NOT_AVAILABLE');
    const access = await this.access.organization(
      operator,
      domain.organizationId,
      Actions.OrganizationView,
      {},
      membership.projects.map((p) => p.projectId),
    );
    this.access.assertMayInvite(access, membership, await this.roles.findOrganizationRoles([domain.organizationId]), [email]);
    await this.membershipService.add(accountId, membership, operator.id);
  }

  private async response(requestId: string): Promise<JoinRequestResponse> {
    const row = await this.requests.withNames(requestId);
    if (!row) throw new DomainError('NOT_FOUND');
    return toJoinRequestResponse(row);
  }
}
