import { Inject, Injectable, Logger } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import {
  Actions,
  addMembership,
  addMissingProjects,
  assertCanAccept,
  assertInvitationMembershipValid,
  assertValidId,
  DEFAULT_LOCALE,
  DomainError,
  findMembership,
  type ErrorCode,
  generateId,
  INVITATION_LIFETIME_SECONDS,
  invitationStatus,
  isValidEmail,
  normalizeEmail,
  uniqueEmails,
  type Membership,
} from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import { listAnswer, listWindow, type ListRequest, type Page } from '../../common/http/paging';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { isUniqueViolation } from '../../database/query-errors';
import { toAccountResponse, type AccountResponse } from '../account/account.dto';
import { AccountRepository } from '../account/account.repository';
import { AccountService } from '../account/account.service';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, changedFields } from '../audit/audit.service';
import { MailService } from '../mail/mail.service';
import { AccessService, type Access } from '../membership/access.service';
import { MembershipRepository } from '../membership/membership.repository';
import { MembershipService } from '../membership/membership.service';
import type { OrganizationEntity } from '../organization/organization.entity';
import { OrganizationRepository } from '../organization/organization.repository';
import type { RoleEntity } from '../role/role.entity';
import { RoleRepository } from '../role/role.repository';
import {
  toInvitationOrganizationResponse,
  toInvitationResponse,
  type InvitationResponse,
  type InvitationWithOrganizationResponse,
  type InviteMembersRequest,
  type InviteResultEntryResponse,
} from './invitation.dto';
import { InvitationEntity } from './invitation.entity';
import { InvitationGrantsService } from './invitation-grants.service';
import { INVITATION_MAIL_KIND, invitationMail, type InvitationMailContext } from './invitation-mail';
import { INVITATION_KEYSET, invitationKeyOf, InvitationRepository, type InvitationScope } from './invitation.repository';

/** An open invitation younger than this is not replaced by inviting its address again: the calls are one invitation. */
const DUPLICATE_INVITATION_WINDOW_MS = 10_000;

@Injectable()
export class InvitationService {
  private readonly logger = new Logger(InvitationService.name);

  constructor(
    private readonly transactions: TransactionHost,
    private readonly access: AccessService,
    private readonly invitations: InvitationRepository,
    private readonly organizations: OrganizationRepository,
    private readonly memberships: MembershipRepository,
    private readonly membershipService: MembershipService,
    private readonly roles: RoleRepository,
    private readonly accounts: AccountRepository,
    private readonly accountService: AccountService,
    private readonly mail: MailService,
    private readonly rateLimiter: RateLimiter,
    private readonly audit: AuditService,
    private readonly invitationGrants: InvitationGrantsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The invitation, or null when there is none. */
  private findInvitation(invitationId: string): Promise<InvitationEntity | null> {
    assertValidId('invitation', invitationId);
    return this.invitations.findById(invitationId);
  }

  /** The invitation, when the operator may cancel it (and so resend its e-mail): a member of its organization, or the invitee. */
  private async requireCancellable(operator: Operator, invitationId: string): Promise<InvitationEntity> {
    const { invitation } = await this.access.invitation(operator, await this.findInvitation(invitationId), Actions.InvitationCancel);
    return invitation;
  }

  /**
   * Validates the invited membership with the domain rule (docs/product-rules.md#invitations): the organization role and
   * every project (and its role) must belong to the organization (`access` tells which projects do).
   */
  private async assertMembershipValid(invited: Membership, access: Access, organizationRoles: readonly RoleEntity[]): Promise<void> {
    const projectIds = invited.projects.map((p) => p.projectId);
    const projectRoles = await this.roles.findProjectRoles(projectIds);
    assertInvitationMembershipValid(invited, {
      id: invited.organizationId,
      roleIds: organizationRoles.map((r) => r.id),
      projects: projectIds
        .filter((id) => access.includesProject(id))
        .map((id) => ({ id, roleIds: projectRoles.filter((r) => r.projectId === id).map((r) => r.id) })),
    });
  }

  /**
   * /organization/inviteMembers: one entry per distinct address. A member of the organization
   * gets the missing projects directly; anyone else gets an invitation, whose e-mail is queued
   * in the same transaction. A bad address fails only its own entry. The valid addresses count
   * against the organization's invitations of the UTC day (INVITATIONS_PER_ORGANIZATION_PER_DAY):
   * a call that would pass it invites nobody and answers 429 RATE_LIMITED.
   *
   * Organization admins invite with any roles; a project admin invites into the projects it
   * administers with the organization's member role (AccessService.assertMayInvite). Nobody
   * chooses their own roles (docs/product-rules.md#permissions): a call naming the operator's own address invites nobody and
   * answers 403 CANNOT_CHANGE_OWN_ROLE, like /account/assign*Role on oneself.
   *
   * Inviting an address again replaces its open invitation, that is the ones open when this call
   * began and older than {@link DUPLICATE_INVITATION_WINDOW_MS}. Calls that overlap or follow
   * each other within that window (a double submit, a client retry) give one invitation and one
   * e-mail: the unique index on open invitations lets only the first insert through, and the
   * others answer with its invitation.
   *
   * Each address is written in a transaction of its own that first takes the organization's lock
   * (MembershipService.lockOrganization) and asks the operator's right to invite it again, as it
   * is then: an invitation is never sent by someone a concurrent change has just demoted (whose
   * invitations that change cancelled).
   */
  async inviteMembers(operator: Operator, request: InviteMembersRequest, audit: AuditContext): Promise<InviteResultEntryResponse[]> {
    assertValidId('organization', request.organizationId);
    const projects = addMissingProjects([], request.props.projects);
    for (const p of projects) {
      assertValidId('project', p.projectId);
      assertValidId('role', p.roleId);
    }
    assertValidId('role', request.props.roleId);
    const invited: Membership = { organizationId: request.organizationId, roleId: request.props.roleId, projects };
    const addresses = uniqueEmails(request.emails);
    const validAddresses = addresses.filter(isValidEmail);
    const replaced = await this.invitations.openIdsByEmail(
      invited.organizationId,
      validAddresses.map(normalizeEmail),
      new Date(Date.now() - DUPLICATE_INVITATION_WINDOW_MS),
    );
    const access = await this.access.organization(
      operator,
      invited.organizationId,
      Actions.OrganizationView,
      {},
      projects.map((p) => p.projectId),
    );
    const organizationRoles = await this.roles.findOrganizationRoles([invited.organizationId]);
    this.access.assertMayInvite(access, invited, organizationRoles, validAddresses);
    await this.assertMembershipValid(invited, access, organizationRoles);
    /** In the transaction of one address: takes the organization's lock, then asks whether the operator may still invite it. */
    const authorize = async (email: string) => {
      await this.membershipService.lockOrganization(invited.organizationId);
      const current = await this.access.organization(
        operator,
        invited.organizationId,
        Actions.OrganizationView,
        {},
        projects.map((p) => p.projectId),
      );
      this.access.assertMayInvite(current, invited, organizationRoles, [email]);
    };
    const organization = await this.organizations.findById(invited.organizationId);
    if (!organization) throw new DomainError('NOT_FOUND');
    // Counted only now that the caller may invite: nobody else can use up the organization's daily allowance.
    await this.rateLimiter.countInvitations(organization.id, validAddresses.length);
    const inviter = await this.accounts.findById(operator.id);
    const entries: InviteResultEntryResponse[] = [];
    for (const raw of addresses) {
      if (!isValidEmail(raw)) {
        entries.push({ email: raw, invitation: null, account: null, errorCode: 'INVALID_EMAIL' });
        continue;
      }
      const email = normalizeEmail(raw);
      try {
        entries.push(
          await this.inviteOne(
            operator,
            organization,
            email,
            invited,
            replaced.get(email) ?? [],
            { name: inviter?.name ?? null, email: operator.email, locale: inviter?.locale ?? DEFAULT_LOCALE },
            authorize,
            audit,
          ),
        );
      } catch (error) {
        // The address fails alone, with its error code in its entry (a refusal's own code, FAILED_TO_INVITE otherwise).
        this.logger.warn({ err: error, organizationId: organization.id }, 'Invitation of one address failed');
        entries.push({ email: raw, invitation: null, account: null, errorCode: error instanceof DomainError ? error.errorCode : 'FAILED_TO_INVITE' });
      }
    }
    return entries;
  }

  private async inviteOne(
    operator: Operator,
    organization: OrganizationEntity,
    email: string,
    membership: Membership,
    replaced: readonly string[],
    inviter: InvitationMailContext['inviter'],
    authorize: (email: string) => Promise<void>,
    audit: AuditContext,
  ): Promise<InviteResultEntryResponse> {
    const existing = await this.accounts.findByEmail(email);
    if (existing && (await this.memberships.isOrganizationMember(existing.id, organization.id))) {
      await this.addMissingProjectMemberships(operator, existing.id, membership, () => authorize(email), audit);
      // Only what the organization may see of the account: its membership here.
      const memberships = await this.memberships.membershipsOf([existing.id], organization.id);
      return { email, invitation: null, account: toAccountResponse(existing, memberships.get(existing.id) ?? []), errorCode: null };
    }
    const invitation = await this.transactions.withTransaction(async () => {
      await authorize(email);
      const now = new Date();
      const cancelled = await this.invitations.cancelOpen(replaced, operator.id);
      await this.audit.recordAll(
        audit,
        cancelled.map((c) => ({
          action: 'invitation.cancel',
          targetType: 'invitation',
          targetId: c.id,
          organizationId: organization.id,
          changes: { status: { before: invitationStatus(c, now), after: 'cancelled' } },
        })),
      );
      const id = generateId('invitation');
      const inserted = await this.invitations.insertUnlessOpen(
        Object.assign(new InvitationEntity(), {
          id,
          organizationId: organization.id,
          email,
          roleId: membership.roleId,
          projects: membership.projects,
          canBeSuperAdmin: false,
          expiredIn: INVITATION_LIFETIME_SECONDS,
          acceptedAt: null,
          acceptedById: null,
          cancelledAt: null,
          cancelledById: null,
          createdById: operator.id,
        }),
      );
      if (!inserted) {
        // An overlapping call invited the address first: its invitation and e-mail stand.
        const open = await this.invitations.findOpenFor(organization.id, email);
        if (!open) throw new DomainError('FAILED_TO_INVITE');
        return open;
      }
      const created = await this.invitations.findById(id);
      if (!created) throw new DomainError('FAILED_TO_INVITE');
      await this.audit.record(audit, {
        action: 'invitation.create',
        targetType: 'invitation',
        targetId: id,
        organizationId: organization.id,
        changes: changedFields(null, { email, roleId: created.roleId, projects: created.projects }),
      });
      await this.mail.enqueue(invitationMail(created, { appOrigin: this.config.appOrigin, organizationName: organization.name, inviter }));
      return created;
    });
    return { email, invitation: toInvitationResponse(invitation, new Date()), account: null, errorCode: null };
  }

  /**
   * Adds the invited projects an existing member lacks (one project role assignment each); the
   * projects it has keep their roles. `authorize` takes the organization's lock and asks the
   * operator's right again.
   */
  private async addMissingProjectMemberships(
    operator: Operator,
    accountId: string,
    membership: Membership,
    authorize: () => Promise<void>,
    audit: AuditContext,
  ): Promise<void> {
    await this.transactions.withTransaction(async () => {
      await authorize();
      const current = (await this.memberships.membershipsOf([accountId])).get(accountId) ?? [];
      const before = findMembership(current, membership.organizationId)?.projects ?? [];
      const after = findMembership(addMembership(current, membership), membership.organizationId)?.projects ?? [];
      const missing = after.filter((p) => !before.some((b) => b.projectId === p.projectId));
      await this.membershipService.addProjects(accountId, membership.organizationId, missing, operator.id);
      await this.audit.recordAll(
        audit,
        missing.map((p) => ({
          action: 'membership.assignProjectRole',
          targetType: 'membership',
          targetId: accountId,
          organizationId: membership.organizationId,
          projectId: p.projectId,
          changes: changedFields(null, { roleId: p.roleId }),
        })),
      );
    });
  }

  /** /invitation/listInOrganization: open (pending or expired) invitations, newest first; any member of the organization. */
  async listInOrganization(operator: Operator, organizationId: string, request: ListRequest): Promise<InvitationResponse[] | Page<InvitationResponse>> {
    assertValidId('organization', organizationId);
    await this.access.organization(operator, organizationId, Actions.InvitationList);
    return this.listOpen({ organizationId }, request);
  }

  /** /invitation/listInProject: open invitations naming the project, newest first; any member of the owning organization (docs/product-rules.md#permissions). */
  async listInProject(operator: Operator, projectId: string, request: ListRequest): Promise<InvitationResponse[] | Page<InvitationResponse>> {
    assertValidId('project', projectId);
    await this.access.project(operator, projectId, Actions.InvitationList);
    return this.listOpen({ projectId }, request);
  }

  /** The open invitations of the scope, telling those whose e-mail was given up as failed; the query matches the e-mail address. */
  private async listOpen(scope: InvitationScope, request: ListRequest): Promise<InvitationResponse[] | Page<InvitationResponse>> {
    const window = listWindow(request, INVITATION_KEYSET);
    const rows = await this.invitations.openPage(scope, window);
    const failed = await this.mail.failedReferences(
      INVITATION_MAIL_KIND,
      rows.map((i) => i.id),
    );
    const now = new Date();
    return listAnswer(window, rows, invitationKeyOf, (i) => toInvitationResponse(i, now, failed.has(i.id)));
  }

  /** /invitation/getByIdWithOrganization: readable by the invitee only (and system admins). */
  async getByIdWithOrganization(operator: Operator, invitationId: string): Promise<InvitationWithOrganizationResponse> {
    const { invitation } = await this.access.invitation(operator, await this.findInvitation(invitationId), Actions.InvitationRead);
    const organization = await this.organizations.findById(invitation.organizationId);
    if (!organization) throw new DomainError('INVITATION_NOT_FOUND');
    return { invitation: toInvitationResponse(invitation, new Date()), organization: toInvitationOrganizationResponse(organization) };
  }

  /**
   * /invitation/accept: adds the invited membership to the operator's account. The organization's
   * lock (MembershipService.lockOrganization) is taken first, then the invitation row is locked
   * (SELECT … FOR UPDATE) for the transaction, so two concurrent accepts give exactly one
   * membership; the second finds it accepted (INVITATION_INVALID). It never changes a membership the
   * account has (ALREADY_ORGANIZATION_MEMBER), and an invitation the operator sent is refused
   * (CANNOT_CHANGE_OWN_ROLE): its roles were chosen by the operator for themselves.
   *
   * An invitation grants no more than its sender may still grant: the sender's right to send it is
   * asked again (InvitationGrantsService, the rule of sending it) for the sender as they are now.
   * When they may no longer send it — demoted or removed since, in a way that did not cancel it
   * already (a demotion or removal in the organization does: see cancelUngrantable; losing
   * system administration does not) — the invitation is cancelled (one invitation.cancel event, by
   * the invitee, as the invitee may cancel it), nothing else changes, and the call answers 409
   * INVITER_LACKS_RIGHTS.
   */
  async accept(operator: Operator, invitationId: string, audit: AuditContext): Promise<AccountResponse> {
    assertValidId('invitation', invitationId);
    // Its organization, whose lock comes first; the invitation is read again under it.
    const found = await this.invitations.findById(invitationId);
    let refusal: ErrorCode | undefined;
    try {
      refusal = await this.transactions.withTransaction(async (): Promise<ErrorCode | undefined> => {
        if (found) await this.membershipService.lockOrganization(found.organizationId);
        const locked = found && (await this.invitations.findByIdForUpdate(invitationId));
        const { access, invitation } = await this.access.invitation(operator, locked, Actions.InvitationAccept, { invitedById: locked?.createdById });
        const status = invitationStatus(invitation, new Date());
        assertCanAccept({ accountEmail: operator.email, invitationEmail: invitation.email, alreadyMember: access.membership !== undefined, status });
        // Projects deleted (or roles removed) since the invitation was sent are skipped; without its organization role it is invalid.
        const membership = (await this.invitationGrants.memberships(invitation.organizationId, [invitation])).get(invitation.id);
        if (!membership) throw new DomainError('INVITATION_INVALID');
        if (!(await this.invitationGrants.senderMayGrant(invitation, membership))) {
          await this.invitationGrants.cancel(invitation.organizationId, [invitation.id], operator.id, audit);
          return 'INVITER_LACKS_RIGHTS';
        }
        await this.membershipService.add(operator.id, membership, operator.id);
        if (!(await this.invitations.markAccepted(invitation.id, operator.id))) throw new DomainError('INVITATION_INVALID');
        await this.audit.record(audit, {
          action: 'invitation.accept',
          targetType: 'invitation',
          targetId: invitation.id,
          organizationId: invitation.organizationId,
          changes: { status: { before: status, after: 'accepted' } },
        });
        return undefined;
      });
    } catch (error) {
      // Another invitation of the same organization was accepted concurrently by this account.
      if (isUniqueViolation(error)) throw new DomainError('ALREADY_ORGANIZATION_MEMBER');
      throw error;
    }
    // Refused once the cancellation is committed.
    if (refusal) throw new DomainError(refusal);
    const account = await this.accounts.findById(operator.id);
    if (!account) throw new DomainError('ACCOUNT_NOT_FOUND');
    return this.accountService.toResponse(account);
  }

  /**
   * /organization/resendInvitation: queues the e-mail of a pending invitation again (due now, attempts
   * reset); allowed to whoever may cancel it.
   */
  async resend(operator: Operator, invitationId: string, audit: AuditContext): Promise<InvitationResponse> {
    const invitation = await this.requireCancellable(operator, invitationId);
    if (invitationStatus(invitation, new Date()) !== 'pending') throw new DomainError('INVITATION_INVALID');
    await this.transactions.withTransaction(async () => {
      if (!(await this.mail.resend(INVITATION_MAIL_KIND, invitation.id))) throw new DomainError('NOT_FOUND');
      await this.audit.record(audit, {
        action: 'invitation.resend',
        targetType: 'invitation',
        targetId: invitation.id,
        organizationId: invitation.organizationId,
      });
    });
    return toInvitationResponse(invitation, new Date());
  }

  /** /invitation/cancel: any member of the organization, or the invitee. */
  async cancel(operator: Operator, invitationId: string, audit: AuditContext): Promise<InvitationResponse> {
    const invitation = await this.requireCancellable(operator, invitationId);
    const cancelled = await this.transactions.withTransaction(async () => {
      const status = invitationStatus(invitation, new Date());
      if (!(await this.invitations.markCancelled(invitation.id, operator.id))) throw new DomainError('INVITATION_INVALID');
      await this.audit.record(audit, {
        action: 'invitation.cancel',
        targetType: 'invitation',
        targetId: invitation.id,
        organizationId: invitation.organizationId,
        changes: { status: { before: status, after: 'cancelled' } },
      });
      const updated = await this.invitations.findById(invitation.id);
      if (!updated) throw new DomainError('INVITATION_NOT_FOUND');
      return updated;
    });
    return toInvitationResponse(cancelled, new Date());
  }
}
