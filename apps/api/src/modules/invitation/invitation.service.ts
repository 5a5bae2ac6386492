import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  addMembership,
  addMissingProjects,
  assertAllowed,
  assertCanAccept,
  assertInvitationMembershipValid,
  assertValidId,
  DomainError,
  findMembership,
  generateId,
  INVITATION_LIFETIME_SECONDS,
  invitationStatus,
  isDomainError,
  isValidEmail,
  normalizeEmail,
  uniqueEmails,
  type Membership,
  type ProjectAssignment,
} from '@console/domain';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import type { Operator } from '../../common/auth/operator';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { AccountResponse } from '../account/account.dto';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, changedFields } from '../audit/audit.service';
import { AccountRepository } from '../account/account.repository';
import { AccountService } from '../account/account.service';
import { MailService } from '../mail/mail.service';
import { OrganizationMembershipEntity } from '../organization/organization-membership.entity';
import type { OrganizationEntity } from '../organization/organization.entity';
import { OrganizationRepository } from '../organization/organization.repository';
import { ProjectMembershipEntity } from '../project/project-membership.entity';
import { ProjectRepository } from '../project/project.repository';
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
import { INVITATION_MAIL_KIND, invitationMail } from './invitation-mail';
import { InvitationRepository } from './invitation.repository';

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION;
}


/** An open invitation younger than this is not replaced by inviting its address again: the calls are one invitation. */
export const DUPLICATE_INVITATION_WINDOW_MS = 10_000;
@Injectable()
export class InvitationService {
  private readonly logger = new Logger(InvitationService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly invitations: InvitationRepository,
    private readonly organizations: OrganizationRepository,
    private readonly projects: ProjectRepository,
    private readonly roles: RoleRepository,
    private readonly accounts: AccountRepository,
    private readonly accountService: AccountService,
    private readonly mail: MailService,
    private readonly rateLimiter: RateLimiter,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The operator's organization role key (null when not a member), for the permission rule. */
  private async organizationRoleKey(accountId: string, organizationId: string, manager?: EntityManager): Promise<string | null> {
    const membership = await this.organizations.findMembership(accountId, organizationId, manager);
    if (!membership) return null;
    const roles = await this.roles.findOrganizationRoles([organizationId], manager);
    return roles.find((r) => r.id === membership.roleId)?.key ?? null;
  }

  private async requireOrganization(organizationId: string): Promise<OrganizationEntity> {
    assertValidId('organization', organizationId);
    const organization = await this.organizations.findById(organizationId);
    if (!organization) throw new DomainError('NOT_FOUND');
    return organization;
  }

  private async requireInvitation(invitationId: string, manager?: EntityManager): Promise<InvitationEntity> {
    assertValidId('invitation', invitationId);
    const invitation = await this.invitations.findById(invitationId, manager);
    if (!invitation) throw new DomainError('INVITATION_NOT_FOUND');
    return invitation;
  }

  /** The invitation, when the operator may cancel it (and so resend its e-mail): a member of its organization, or the invitee. */
  private async requireCancellable(operator: Operator, invitationId: string): Promise<InvitationEntity> {
    const invitation = await this.requireInvitation(invitationId);
    assertAllowed('invitation.cancel', { operator, organizationRoleKey: await this.organizationRoleKey(operator.id, invitation.organizationId), targetEmail: invitation.email });
    return invitation;
  }

  /**
   * Validates the invited membership with the domain rule (spec §5): the organization role and
   * every project (and its role) must belong to the organization.
   */
  private async validatedMembership(organizationId: string, props: InviteMembersRequest['props']): Promise<Membership> {
    const projects = addMissingProjects([], props.projects);
    for (const p of projects) {
      assertValidId('project', p.projectId);
      assertValidId('role', p.roleId);
    }
    assertValidId('role', props.roleId);
    const membership: Membership = { organizationId, roleId: props.roleId, projects };
    const [organizationRoles, projectRoles, projectRows] = await Promise.all([
      this.roles.findOrganizationRoles([organizationId]),
      this.roles.findProjectRoles(projects.map((p) => p.projectId)),
      Promise.all(projects.map((p) => this.projects.findById(p.projectId))),
    ]);
    const ownProjects = projectRows.filter((p) => p !== null && p.organizationId === organizationId);
    assertInvitationMembershipValid(membership, {
      id: organizationId,
      roleIds: organizationRoles.map((r) => r.id),
      projects: ownProjects.map((p) => ({ id: p!.id, roleIds: projectRoles.filter((r) => r.projectId === p!.id).map((r) => r.id) })),
    });
    return membership;
  }

  /**
   * /organization/inviteMembers: one entry per distinct address. A member of the organization
   * gets the missing projects directly; anyone else gets an invitation, whose e-mail is queued
   * in the same transaction. A bad address fails only its own entry. The valid addresses count
   * against the organization's invitations of the UTC day (INVITATIONS_PER_ORGANIZATION_PER_DAY):
   * a call that would pass it invites nobody and answers 429 RATE_LIMITED.
   *
   * Nobody chooses their own roles (spec §6): a call naming the operator's own address invites
   * nobody and answers 403 CANNOT_CHANGE_OWN_ROLE, like /account/assign*Role on oneself.
   *
   * Inviting an address again replaces its open invitation, that is the ones open when this call
   * began and older than {@link DUPLICATE_INVITATION_WINDOW_MS}. Calls that overlap or follow
   * each other within that window (a double submit, a client retry) give one invitation and one
   * e-mail: the unique index on open invitations lets only the first insert through, and the
   * others answer with its invitation.
   */
  async inviteMembers(operator: Operator, request: InviteMembersRequest, audit: AuditContext): Promise<InviteResultEntryResponse[]> {
    assertValidId('organization', request.organizationId);
    const addresses = uniqueEmails(request.emails);
    const validAddresses = addresses.filter(isValidEmail);
    const replaced = await this.invitations.openIdsByEmail(
      request.organizationId,
      validAddresses.map(normalizeEmail),
      new Date(Date.now() - DUPLICATE_INVITATION_WINDOW_MS),
    );
    const organization = await this.requireOrganization(request.organizationId);
    const subject = { operator, organizationRoleKey: await this.organizationRoleKey(operator.id, organization.id) };
    assertAllowed('organization.invite', subject);
    for (const email of validAddresses) assertAllowed('organization.invite', { ...subject, targetEmail: email });
    const membership = await this.validatedMembership(organization.id, request.props);
    // Counted only now that the caller may invite: nobody else can use up the organization's daily allowance.
    await this.rateLimiter.countInvitations(organization.id, validAddresses.length);
    const inviter = await this.accounts.findById(operator.id);
    const entries: InviteResultEntryResponse[] = [];
    for (const raw of addresses) {
      if (!isValidEmail(raw)) {
        entries.push({ email: raw, invitation: null, account: null });
        continue;
      }
      const email = normalizeEmail(raw);
      try {
        entries.push(await this.inviteOne(operator, organization, email, membership, replaced.get(email) ?? [], { name: inviter?.name ?? null, email: operator.email }, audit));
      } catch (error) {
        this.logger.warn({ err: error, organizationId: organization.id }, 'Invitation of one address failed');
        entries.push({ email: raw, invitation: null, account: null });
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
    inviter: { name: string | null; email: string },
    audit: AuditContext,
  ): Promise<InviteResultEntryResponse> {
    const existing = await this.accounts.findByEmail(email);
    if (existing && (await this.organizations.findMembership(existing.id, organization.id))) {
      await this.addMissingProjectMemberships(operator, existing.id, membership, audit);
      return { email, invitation: null, account: await this.accountService.toResponse(existing) };
    }
    const invitation = await this.dataSource.transaction(async (m) => {
      const now = new Date();
      const cancelled = await this.invitations.cancelOpen(replaced, operator.id, m);
      await this.audit.recordAll(
        m,
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
        m,
      );
      if (!inserted) {
        // An overlapping call invited the address first: its invitation and e-mail stand.
        const open = await this.invitations.findOpenFor(organization.id, email, m);
        if (!open) throw new DomainError('FAILED_TO_INVITE');
        return open;
      }
      const created = await this.invitations.findById(id, m);
      if (!created) throw new DomainError('FAILED_TO_INVITE');
      await this.audit.record(m, audit, {
        action: 'invitation.create',
        targetType: 'invitation',
        targetId: id,
        organizationId: organization.id,
        changes: changedFields(null, { email, roleId: created.roleId, projects: created.projects }),
      });
      await this.mail.enqueue(invitationMail(created, { appOrigin: this.config.appOrigin, organizationName: organization.name, inviter }), m);
      return created;
    });
    return { email, invitation: toInvitationResponse(invitation, new Date()), account: null };
  }

  /** Adds the invited projects an existing member lacks (one project role assignment each); the projects it has keep their roles. */
  private async addMissingProjectMemberships(operator: Operator, accountId: string, membership: Membership, audit: AuditContext): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const current = (await this.accounts.membershipsOf([accountId], m)).get(accountId) ?? [];
      const before = findMembership(current, membership.organizationId)?.projects ?? [];
      const after = findMembership(addMembership(current, membership), membership.organizationId)?.projects ?? [];
      const missing = after.filter((p) => !before.some((b) => b.projectId === p.projectId));
      await this.insertProjectMemberships(operator.id, accountId, membership.organizationId, missing, m);
      await this.audit.recordAll(
        m,
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

  private async insertProjectMemberships(operatorId: string, accountId: string, organizationId: string, projects: readonly ProjectAssignment[], m: EntityManager): Promise<void> {
    for (const p of projects) {
      await this.projects.insertMembership(
        Object.assign(new ProjectMembershipEntity(), { accountId, projectId: p.projectId, organizationId, roleId: p.roleId, createdById: operatorId, updatedById: operatorId }),
        m,
      );
    }
  }

  /** /invitation/listInOrganization: open (pending or expired) invitations; any member of the organization. */
  async listInOrganization(operator: Operator, organizationId: string): Promise<InvitationResponse[]> {
    const organization = await this.requireOrganization(organizationId);
    assertAllowed('invitation.list', { operator, organizationRoleKey: await this.organizationRoleKey(operator.id, organization.id) });
    const now = new Date();
    return this.withDeliveryState(await this.invitations.listOpenInOrganization(organization.id), now);
  }

  /** Open (pending or expired) invitations naming the project; for the project's member listing. */
  async listPendingForProject(projectId: string): Promise<InvitationResponse[]> {
    const now = new Date();
    return this.withDeliveryState(await this.invitations.listPendingForProject(projectId), now);
  }

  /** /invitation/listInProject: any member of the owning organization (spec §6). */
  async listInProject(operator: Operator, projectId: string): Promise<InvitationResponse[]> {
    assertValidId('project', projectId);
    const project = await this.projects.findById(projectId);
    if (!project) throw new DomainError('NOT_FOUND');
    assertAllowed('project.listMembers', { operator, organizationRoleKey: await this.organizationRoleKey(operator.id, project.organizationId) });
    return this.listPendingForProject(project.id);
  }

  /** /invitation/getByIdWithOrganization: readable by the invitee only (and system admins). */
  async getByIdWithOrganization(operator: Operator, invitationId: string): Promise<InvitationWithOrganizationResponse> {
    const invitation = await this.requireInvitation(invitationId);
    assertAllowed('invitation.read', { operator, targetEmail: invitation.email });
    const organization = await this.organizations.findById(invitation.organizationId);
    if (!organization) throw new DomainError('INVITATION_NOT_FOUND');
    return { invitation: toInvitationResponse(invitation, new Date()), organization: toInvitationOrganizationResponse(organization) };
  }

  /**
   * /invitation/accept: adds the invited membership to the operator's account. The invitation
   * row is locked (SELECT … FOR UPDATE) for the transaction, so two concurrent accepts give
   * exactly one membership; the second finds it accepted (INVITATION_INVALID). It never changes a
   * membership the account has (ALREADY_ORGANIZATION_MEMBER), and an invitation the operator sent
   * is refused (CANNOT_CHANGE_OWN_ROLE): its roles were chosen by the operator for themselves.
   */
  async accept(operator: Operator, invitationId: string, audit: AuditContext): Promise<AccountResponse> {
    assertValidId('invitation', invitationId);
    try {
      await this.dataSource.transaction(async (m) => {
        const invitation = await this.invitations.findByIdForUpdate(invitationId, m);
        if (!invitation) throw new DomainError('INVITATION_NOT_FOUND');
        const alreadyMember = (await this.organizations.findMembership(operator.id, invitation.organizationId, m)) !== null;
        const status = invitationStatus(invitation, new Date());
        assertCanAccept({ accountEmail: operator.email, invitationEmail: invitation.email, alreadyMember, status });
        assertAllowed('invitation.accept', { operator, invitedById: invitation.createdById });
        const organizationRoles = await this.roles.findOrganizationRoles([invitation.organizationId], m);
        if (!organizationRoles.some((r) => r.id === invitation.roleId)) throw new DomainError('INVITATION_INVALID');
        // Projects deleted (or roles removed) since the invitation was sent are skipped.
        const projectRoles = await this.roles.findProjectRoles(invitation.projects.map((p) => p.projectId), m);
        const projects = invitation.projects.filter((p) => projectRoles.some((r) => r.id === p.roleId && r.projectId === p.projectId && r.organizationId === invitation.organizationId));
        await this.organizations.insertMembership(
          Object.assign(new OrganizationMembershipEntity(), { accountId: operator.id, organizationId: invitation.organizationId, roleId: invitation.roleId, createdById: operator.id, updatedById: operator.id }),
          m,
        );
        await this.insertProjectMemberships(operator.id, operator.id, invitation.organizationId, addMissingProjects([], projects), m);
        if (!(await this.invitations.markAccepted(invitation.id, operator.id, m))) throw new DomainError('INVITATION_INVALID');
        await this.audit.record(m, audit, {
          action: 'invitation.accept',
          targetType: 'invitation',
          targetId: invitation.id,
          organizationId: invitation.organizationId,
          changes: { status: { before: status, after: 'accepted' } },
        });
      });
    } catch (error) {
      // Another invitation of the same organization was accepted concurrently by this account.
      if (!isDomainError(error) && isUniqueViolation(error)) throw new DomainError('ALREADY_ORGANIZATION_MEMBER');
      throw error;
    }
    const account = await this.accounts.findById(operator.id);
    if (!account) throw new DomainError('ACCOUNT_NOT_FOUND');
    return this.accountService.toResponse(account);
  }

  /** Responses of listed invitations, telling those whose e-mail was given up as failed. */
  private async withDeliveryState(invitations: readonly InvitationEntity[], now: Date): Promise<InvitationResponse[]> {
    const failed = await this.mail.failedReferences(INVITATION_MAIL_KIND, invitations.map((i) => i.id));
    return invitations.map((i) => toInvitationResponse(i, now, failed.has(i.id)));
  }

  /**
   * /organization/resendInvitation: queues the e-mail of a pending invitation again (due now, attempts
   * reset); allowed to whoever may cancel it.
   */
  async resend(operator: Operator, invitationId: string, audit: AuditContext): Promise<InvitationResponse> {
    const invitation = await this.requireCancellable(operator, invitationId);
    if (invitationStatus(invitation, new Date()) !== 'pending') throw new DomainError('INVITATION_INVALID');
    await this.dataSource.transaction(async (m) => {
      if (!(await this.mail.resend(INVITATION_MAIL_KIND, invitation.id, m))) throw new DomainError('NOT_FOUND');
      await this.audit.record(m, audit, { action: 'invitation.resend', targetType: 'invitation', targetId: invitation.id, organizationId: invitation.organizationId });
    });
    return toInvitationResponse(invitation, new Date());
  }

  /** /invitation/cancel: any member of the organization, or the invitee. */
  async cancel(operator: Operator, invitationId: string, audit: AuditContext): Promise<InvitationResponse> {
    const invitation = await this.requireCancellable(operator, invitationId);
    const cancelled = await this.dataSource.transaction(async (m) => {
      const status = invitationStatus(invitation, new Date());
      if (!(await this.invitations.markCancelled(invitation.id, operator.id, m))) throw new DomainError('INVITATION_INVALID');
      await this.audit.record(m, audit, {
        action: 'invitation.cancel',
        targetType: 'invitation',
        targetId: invitation.id,
        organizationId: invitation.organizationId,
        changes: { status: { before: status, after: 'cancelled' } },
      });
      return this.requireInvitation(invitation.id, m);
    });
    return toInvitationResponse(cancelled, new Date());
  }
}
