import { Injectable } from '@nestjs/common';
import {
  accessRoleKeys,
  Actions,
  decide,
  DomainError,
  ErrorCodes,
  type AccessRoleKeys,
  type Action,
  type Decision,
  type ErrorCode,
  type Membership,
  type PermissionSubject,
  type RoleRef,
} from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import { AccessRepository, type AccessFacts } from './access.repository';

/** What a permission question adds to the operator and its role keys: the account or address acted upon, the inviter, … */
type AccessSubject = Omit<PermissionSubject, 'operator' | 'organizationRoleKey' | 'projectRoleKey' | 'organizationRequiresSecondFactor' | 'organizationSso'>;

/** An invitation as an access question needs it (null when there is no such invitation). */
interface InvitationScope {
  organizationId: string;
  email: string;
}

/**
 * The kinds of scope a call acts in: who may know that a scope exists at all (its visibility
 * action: a member of the organization, of the project, the invitee of an invitation — and system
 * administrators), and the not-found answer of a scope that does not exist.
 */
const SCOPES = {
  organization: { visibility: Actions.OrganizationView, notFound: 'NOT_FOUND' },
  project: { visibility: Actions.ProjectView, notFound: 'NOT_FOUND' },
  invitation: { visibility: Actions.InvitationCancel, notFound: 'INVITATION_NOT_FOUND' },
} as const satisfies Record<string, { visibility: Action; notFound: ErrorCode }>;

type ScopeKind = keyof typeof SCOPES;

/**
 * The answer to an operator outside a scope, whether the scope exists or not: an id of another
 * customer's organization, project or invitation and an unknown id look the same (no existence
 * leak). Members lacking a right get their own denial (403 FORBIDDEN, CANNOT_REMOVE_SELF, …);
 * system administrators are told NOT_FOUND (or INVITATION_NOT_FOUND) for an unknown id.
 */
const OUTSIDER_ERROR: ErrorCode = 'FORBIDDEN';

/** The refusals of a sign-in that lacks what the organization requires of its insiders: told as they are, for the web to lead the person on. */
const SIGN_IN_REQUIREMENTS: ReadonlySet<ErrorCode> = new Set([ErrorCodes.MFA_REQUIRED, ErrorCodes.SSO_REQUIRED]);

/**
 * The operator's access in one organization (and in the projects its question named), as one
 * access question found it. Its permission checks go through the domain's decide() with the role
 * keys of accessRoleKeys — the one derivation of role keys.
 */
export class Access {
  constructor(
    readonly operator: Operator,
    private readonly facts: AccessFacts,
    /** The project the question was about, if any: the default of the checks below. */
    private readonly projectId?: string,
  ) {}

  get organizationId(): string {
    return this.facts.organizationId;
  }

  /** The operator's own membership of the organization, if any. */
  get membership(): Membership | undefined {
    return this.facts.memberships[0];
  }

  /** Whether a project the question named belongs to the organization. */
  includesProject(projectId: string): boolean {
    return this.facts.projectIds.includes(projectId);
  }

  /** The operator's role keys in the organization and in the project (one the question named). */
  roleKeys(projectId = this.projectId): AccessRoleKeys {
    return accessRoleKeys(this.facts.memberships, this.facts.roles, { organizationId: this.facts.organizationId, projectId });
  }

  decide(action: Action, subject: AccessSubject = {}, projectId = this.projectId): Decision {
    return decide(action, {
      ...subject,
      operator: this.operator,
      ...this.roleKeys(projectId),
      organizationRequiresSecondFactor: this.facts.requiresSecondFactor,
      organizationSso: { organizationId: this.facts.organizationId, domains: this.facts.ssoDomains },
    });
  }

  /** Throws the denial as its error: 403 FORBIDDEN, or the rule's own reason (CANNOT_CHANGE_OWN_ROLE, …). */
  assert(action: Action, subject: AccessSubject = {}, projectId = this.projectId): void {
    throwIfDenied(this.decide(action, subject, projectId));
  }
}

function throwIfDenied(decision: Decision): void {
  if (!decision.allowed) throw new DomainError(decision.reason);
}

/**
 * THE answer to "which role does the operator hold here, and may it do this?" (docs/product-rules.md#permissions) for every
 * call: one SQL statement per question (see AccessRepository), the role keys from the domain's
 * accessRoleKeys, the decision from its decide() with the Actions constants. Outsiders get
 * {@link OUTSIDER_ERROR} alike for existing and unknown ids, here and nowhere else.
 */
@Injectable()
export class AccessService {
  constructor(private readonly accessFacts: AccessRepository) {}

  /** A question outside any organization: system administration, the operator's own account. */
  assert(operator: Operator, action: Action, subject: AccessSubject = {}): void {
    throwIfDenied(decide(action, { ...subject, operator }));
  }

  /**
   * `action` in the organization. `projectIds` are projects the call names (an invitation's): the
   * answer tells which belong to the organization and the operator's roles in those.
   */
  async organization(
    operator: Operator,
    organizationId: string,
    action: Action,
    subject: AccessSubject = {},
    projectIds: readonly string[] = [],
  ): Promise<Access> {
    const facts = await this.accessFacts.accessInOrganization(operator.id, organizationId, projectIds);
    return this.authorize('organization', operator, facts, action, subject);
  }

  /** `action` in a project named together with its organization (organization scope: the project may turn out to be another's). */
  async projectOfOrganization(operator: Operator, organizationId: string, projectId: string, action: Action, subject: AccessSubject = {}): Promise<Access> {
    const facts = await this.accessFacts.accessInOrganization(operator.id, organizationId, [projectId]);
    return this.authorize('organization', operator, facts, action, subject, projectId);
  }

  /** `action` in the project (and its organization). */
  async project(operator: Operator, projectId: string, action: Action, subject: AccessSubject = {}): Promise<Access> {
    const facts = await this.accessFacts.accessInProject(operator.id, projectId);
    return this.authorize('project', operator, facts, action, subject, projectId);
  }

  /** `action` on an invitation (null: no such invitation), in its organization; the invitee is no outsider. The invitation is handed back. */
  async invitation<T extends InvitationScope>(
    operator: Operator,
    invitation: T | null,
    action: Action,
    subject: AccessSubject = {},
  ): Promise<{ access: Access; invitation: T }> {
    const scoped = { targetEmail: invitation?.email, ...subject };
    if (!invitation) return this.missing('invitation', operator, scoped);
    const facts = await this.accessFacts.accessInOrganization(operator.id, invitation.organizationId, []);
    return { access: this.authorize('invitation', operator, facts, action, scoped), invitation };
  }

  /**
   * The access of an account in the organization (and in `projectIds`) as it is now, for a question
   * about that account rather than by it (the sender of an invitation, when it is accepted or when
   * the sender loses a role): no outsider rule, since nobody is told the answer but a yes or no;
   * null when the organization does not exist.
   */
  async of(account: Omit<Operator, 'secondFactor' | 'ssoOrganizationId'>, organizationId: string, projectIds: readonly string[]): Promise<Access | null> {
    const facts = await this.accessFacts.accessInOrganization(account.id, organizationId, projectIds);
    // The rights the account holds, not a sign-in's: the second-factor requirement concerns requests only.
    return facts && new Access({ ...account, secondFactor: false, ssoOrganizationId: null }, { ...facts, requiresSecondFactor: false, ssoDomains: [] });
  }

  /**
   * Who may send an invitation (docs/product-rules.md#permissions; the rules are the domain's, see permissions.ts): an
   * organization admin (or system admin) with any roles; otherwise a project admin, into projects
   * it administers only (project.invite for each, with the organization role the invitation
   * gives); never of one's own address. `access` is the organization's, with the invited projects.
   * The first denial, else allowed. THE rule of sending an invitation: asked when it is sent, when
   * it is accepted and when its sender loses a role (of the sender as they are then).
   */
  decideInvite(access: Access, invited: Membership, organizationRoles: readonly RoleRef[], emails: readonly string[]): Decision {
    const subjects: AccessSubject[] = [{}, ...emails.map((targetEmail) => ({ targetEmail }))];
    const questions: { action: Action; subject: AccessSubject; projectId?: string }[] = [];
    if (invited.projects.length === 0 || access.decide(Actions.OrganizationInvite).allowed) {
      for (const subject of subjects) questions.push({ action: Actions.OrganizationInvite, subject });
    } else {
      const { organizationRoleKey } = accessRoleKeys([invited], { organization: organizationRoles }, { organizationId: invited.organizationId });
      for (const { projectId } of invited.projects) {
        for (const subject of subjects)
          questions.push({ action: Actions.ProjectInvite, subject: { ...subject, invitedOrganizationRoleKey: organizationRoleKey }, projectId });
      }
    }
    for (const { action, subject, projectId } of questions) {
      const decision = access.decide(action, subject, projectId);
      if (!decision.allowed) return decision;
    }
    return { allowed: true };
  }

  /** Throws the denial of {@link decideInvite} as its error (403 FORBIDDEN, CANNOT_CHANGE_OWN_ROLE). */
  assertMayInvite(access: Access, invited: Membership, organizationRoles: readonly RoleRef[], emails: readonly string[]): void {
    throwIfDenied(this.decideInvite(access, invited, organizationRoles, emails));
  }

  /**
   * The rule of outsiders, applied once for every scope: whoever may not know that the scope exists
   * (its visibility action) gets {@link OUTSIDER_ERROR}; then `action` is decided for those inside.
   * An insider whose sign-in lacks the second factor the organization requires gets MFA_REQUIRED,
   * one on its SSO domains who did not sign in through its connection SSO_REQUIRED
   * (decide() asks that of insiders only, so outsiders learn nothing of the requirement).
   */
  private authorize(kind: ScopeKind, operator: Operator, facts: AccessFacts | null, action: Action, subject: AccessSubject, projectId?: string): Access {
    if (!facts) return this.missing(kind, operator, subject);
    const access = new Access(operator, facts, projectId);
    const visibility = access.decide(SCOPES[kind].visibility, subject);
    if (!visibility.allowed) throw new DomainError(SIGN_IN_REQUIREMENTS.has(visibility.reason) ? visibility.reason : OUTSIDER_ERROR);
    access.assert(action, subject);
    return access;
  }

  /** A scope that does not exist: {@link OUTSIDER_ERROR} like any scope one is outside of, NOT_FOUND for those who would see it. */
  private missing(kind: ScopeKind, operator: Operator, subject: AccessSubject): never {
    const visible = decide(SCOPES[kind].visibility, { ...subject, operator }).allowed;
    throw new DomainError(visible ? SCOPES[kind].notFound : OUTSIDER_ERROR);
  }
}
