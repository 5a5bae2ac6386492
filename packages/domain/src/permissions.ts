/**
 * Permissions (docs/product-rules.md#permissions): ONE function, {@link decide}, answers every permission question. The
 * API turns a denial into its error (403 FORBIDDEN, …) and the web disables the control with the
 * tooltip 権限がありません — both from the same rule.
 *
 * Role keys in the subject are the operator's own role keys: `organizationRoleKey` in the
 * organization concerned (for project actions: the project's owning organization) and
 * `projectRoleKey` in the project concerned. null / undefined means "not a member".
 *
 * Nobody changes their own role (docs/product-rules.md#permissions), on every path that writes a membership: assigning a
 * role, removing a member, inviting an address (the operator's own address is refused: inviting
 * oneself would choose one's own roles) and accepting an invitation (one the operator sent is
 * refused, whatever address it went to).
 *
 * Who invites whom into what (docs/product-rules.md#permissions: organization admins and project admins invite):
 * - an organization admin (or a system admin) invites into the organization with any of its roles
 *   and into any of its projects with any of their roles (`organization.invite`);
 * - a project admin who is not an organization admin invites only into the projects they
 *   administer (`project.invite`, asked for each project of the invitation; an invitation naming
 *   no project is an organization invitation), with any role of those projects, and the invitee
 *   gets the organization's member role — never a higher one: giving the admin role of the
 *   organization (or any other organization role) is an organization admin's decision. The
 *   invited organization role is `subject.invitedOrganizationRoleKey`; without it (showing the
 *   invite button) only the operator's rights in the project decide.
 * An invitation grants no more than its sender may still grant: the same questions are asked again
 * of the sender as they are when the invitation is accepted, and when they lose a role (the API
 * then cancels the invitations they could no longer send).
 *
 * An organization that requires a second factor (docs/product-rules.md#multi-factor-authentication)
 * refuses every question in it — and in its projects — asked by an operator inside it (a member, a
 * project member, a system admin) whose sign-in used none: 403 MFA_REQUIRED, before any other rule.
 * Outsiders are not told that the organization requires one. Requiring it from a sign-in without a
 * second factor is refused (MFA_SELF_LOCKOUT): the admin would lock themselves out.
 *
 * An organization that requires single sign-on (docs/product-rules.md#single-sign-on) refuses, in
 * the same way, the operators inside it whose address is on one of its SSO domains and whose
 * sign-in did not come through its connection: 403 SSO_REQUIRED; requiring it from such a sign-in
 * (the admin's own address on those domains) is refused (SSO_SELF_LOCKOUT). A sign-in through the
 * organization's own connection meets its second-factor requirement: its identity provider
 * authenticated the person (and is where a second factor is enforced for them).
 */
import { ErrorCodes, type ErrorCode } from './errors';
import { ADMIN_ROLE_KEY, MEMBER_ROLE_KEY } from './roles';
import { emailDomain } from './join-policies';
import { emailsEqual, isCompanyEmail } from './validation';

export const Actions = {
  // Authenticated operator acting on their own data (no extra rule).
  AccountManageOwn: 'account.manageOwn',
  OrganizationListOwn: 'organization.listOwn',
  ProjectListOwn: 'project.listOwn',
  /**
   * Accepting is open to any operator but for an invitation the operator sent (`invitedById`);
   * {@link assertCanAccept} applies the invitee rules.
   */
  InvitationAccept: 'invitation.accept',

  // System administration (system admins only).
  SystemAdminAccess: 'systemAdmin.access',
  SystemAdminListAccounts: 'systemAdmin.listAccounts',
  SystemAdminGrant: 'systemAdmin.grant',
  SystemAdminRevoke: 'systemAdmin.revoke',
  OrganizationCreate: 'organization.create',
  OrganizationListAll: 'organization.listAll',
  ProjectCreate: 'project.create',
  ProjectListAll: 'project.listAll',
  KarteMappingRead: 'karteMapping.read',
  KarteMappingWrite: 'karteMapping.write',
  ProjectUpdateProductSettings: 'project.updateProductSettings',
  /** Every organization's domains, and verifying one by hand (docs/product-rules.md#verified-domains). */
  DomainListAll: 'domain.listAll',
  DomainVerifyManually: 'domain.verifyManually',
  /** The deleted organizations, and restoring one (docs/product-rules.md#organization-deletion). */
  OrganizationListDeleted: 'organization.listDeleted',
  OrganizationRestore: 'organization.restore',
  /** Every organization's audit events (the system-wide audit log). */
  AuditLogViewAll: 'auditLog.viewAll',
  /** Sibling products' service credentials (docs/integration.md#credentials-and-scopes). */
  ServiceCredentialManage: 'serviceCredential.manage',
  /** Every organization's SSO connections, and disabling a broken one (docs/product-rules.md#single-sign-on). */
  SsoListAll: 'sso.listAll',
  SsoDisable: 'sso.disable',

  // Organization.
  OrganizationView: 'organization.view',
  OrganizationUpdate: 'organization.update',
  OrganizationUploadImage: 'organization.uploadImage',
  OrganizationListMembers: 'organization.listMembers',
  OrganizationInvite: 'organization.invite',
  OrganizationRemoveMember: 'organization.removeMember',
  OrganizationAssignRole: 'organization.assignRole',
  /** The organization's domains: members see them, admins add, check and remove them. */
  OrganizationListDomains: 'organization.listDomains',
  OrganizationManageDomains: 'organization.manageDomains',
  /** The organization's join requests: admins list, approve and decline them (docs/product-rules.md#auto-join). */
  OrganizationManageJoinRequests: 'organization.manageJoinRequests',
  /** The organization's audit events (organization admins and system admins). */
  OrganizationViewAuditLog: 'organization.viewAuditLog',
  /** The members as a CSV file (organization admins and system admins; docs/product-rules.md#member-csv). */
  OrganizationExportMembers: 'organization.exportMembers',
  /** Deleting the organization (organization admins and system admins; docs/product-rules.md#organization-deletion). */
  OrganizationDelete: 'organization.delete',
  /** All the organization's data as one ZIP file (organization admins and system administrators; docs/product-rules.md#organization-export). */
  OrganizationExport: 'organization.export',
  /** The organization's security settings: whether its members need a second factor (organization admins and system admins). */
  OrganizationManageSecurity: 'organization.manageSecurity',
  /** The organization's SSO connection and its requirement (organization admins and system admins; docs/product-rules.md#single-sign-on). */
  OrganizationManageSso: 'organization.manageSso',

  // Invitations.
  InvitationList: 'invitation.list',
  InvitationCancel: 'invitation.cancel',
  InvitationRead: 'invitation.read',

  // Project.
  ProjectView: 'project.view',
  ProjectListMembers: 'project.listMembers',
  ProjectUpdate: 'project.update',
  ProjectInvite: 'project.invite',
  ProjectRemoveMember: 'project.removeMember',
  ProjectAssignRole: 'project.assignRole',
} as const;

export type Action = (typeof Actions)[keyof typeof Actions];

/** The current operator (docs/product-rules.md#entities). */
interface Operator {
  id: string;
  email: string;
  isSystemAdmin: boolean;
  /** Whether the operator signed in with a second factor (the token's firebase.sign_in_second_factor); absent: not. */
  secondFactor?: boolean;
  /** The organization whose SSO connection the sign-in came through (the token's sso claim); absent: none. */
  ssoOrganizationId?: string | null;
}

/** An organization's single sign-on requirement: the domains whose addresses sign in through its connection (none when not required). */
interface SsoRequirement {
  organizationId: string;
  domains: readonly string[];
}

export interface PermissionSubject {
  /** null / undefined: not signed in → UNAUTHENTICATED. */
  operator: Operator | null | undefined;
  /** The operator's role KEY in the target organization (null/undefined = not a member). */
  organizationRoleKey?: string | null;
  /** The operator's role KEY in the target project (null/undefined = not a member). */
  projectRoleKey?: string | null;
  /** The account acted upon (role change, removal, system-admin toggle). */
  targetAccountId?: string | null;
  /** e.g. the invitation's email, the address to invite, or the email to grant / revoke system admin. */
  targetEmail?: string | null;
  /** For 'invitation.accept': the account that sent the invitation (it chose the roles). */
  invitedById?: string | null;
  /** Company mail domain from configuration (system-admin grant). */
  companyDomain?: string | null;
  /** For 'project.invite': the KEY of the organization role the invitation gives (see the rules above). */
  invitedOrganizationRoleKey?: string | null;
  /** The organization concerned (or the project's) requires its members to sign in with a second factor. */
  organizationRequiresSecondFactor?: boolean;
  /** For 'organization.manageSecurity': whether the change makes the organization require a second factor. */
  requiresSecondFactor?: boolean;
  /** The organization concerned (or the project's) and the domains on which it requires single sign-on. */
  organizationSso?: SsoRequirement;
  /** For 'organization.manageSso': the organization and the domains on which the change makes it require single sign-on. */
  requiresSso?: SsoRequirement;
}

export type Decision = { allowed: true } | { allowed: false; reason: ErrorCode };

const ALLOW: Decision = /* @__PURE__ */ Object.freeze({ allowed: true });

function deny(reason: ErrorCode): Decision {
  return { allowed: false, reason };
}

function allowIf(condition: boolean, reason: ErrorCode = ErrorCodes.FORBIDDEN): Decision {
  return condition ? ALLOW : deny(reason);
}

function isRoleKey(key: string | null | undefined): key is string {
  return typeof key === 'string' && key !== '';
}

interface Facts {
  operator: Operator;
  sysAdmin: boolean;
  orgMember: boolean;
  orgAdmin: boolean;
  projectMember: boolean;
  projectAdmin: boolean;
  /** The target account is the operator (by id or, for email-addressed calls, by email). */
  targetIsSelf: boolean;
  /** The operator is the invitee (targetEmail equals the operator's email). */
  isInvitee: boolean;
}

function facts(operator: Operator, s: PermissionSubject): Facts {
  const orgMember = isRoleKey(s.organizationRoleKey);
  const projectMember = isRoleKey(s.projectRoleKey);
  const isInvitee = emailsEqual(s.targetEmail, operator.email);
  return {
    operator,
    sysAdmin: operator.isSystemAdmin === true,
    orgMember,
    orgAdmin: s.organizationRoleKey === ADMIN_ROLE_KEY,
    projectMember,
    projectAdmin: s.projectRoleKey === ADMIN_ROLE_KEY,
    targetIsSelf: (s.targetAccountId != null && s.targetAccountId === operator.id) || isInvitee,
    isInvitee,
  };
}

/** System admin only; grant needs a company-domain target; never on oneself. */
function decideSystemAdminChange(f: Facts, s: PermissionSubject, grant: boolean): Decision {
  if (!f.sysAdmin) return deny(ErrorCodes.FORBIDDEN);
  if (f.targetIsSelf) return deny(ErrorCodes.CANNOT_CHANGE_OWN_SYSTEM_ADMIN);
  if (grant && !isCompanyEmail(s.targetEmail, s.companyDomain)) return deny(ErrorCodes.INTERNAL_ACCOUNTS_ONLY);
  return ALLOW;
}

/** Organization admin (or system admin); optionally never on oneself. */
function decideOrgAdminAction(f: Facts, selfReason?: ErrorCode): Decision {
  if (!(f.sysAdmin || f.orgAdmin)) return deny(ErrorCodes.FORBIDDEN);
  if (selfReason !== undefined && f.targetIsSelf) return deny(selfReason);
  return ALLOW;
}

/** Project admin, admin of the owning organization, or system admin; optionally never on oneself. */
function decideProjectAdminAction(f: Facts, selfReason?: ErrorCode): Decision {
  if (!(f.sysAdmin || f.orgAdmin || f.projectAdmin)) return deny(ErrorCodes.FORBIDDEN);
  if (selfReason !== undefined && f.targetIsSelf) return deny(selfReason);
  return ALLOW;
}

/**
 * A project invitation: as any project-admin action, never of one's own address; a project admin
 * who is not an organization admin gives the invitee the organization's member role only.
 */
function decideProjectInvite(f: Facts, s: PermissionSubject): Decision {
  const decision = decideProjectAdminAction(f, ErrorCodes.CANNOT_CHANGE_OWN_ROLE);
  if (!decision.allowed || f.sysAdmin || f.orgAdmin || s.invitedOrganizationRoleKey === undefined) return decision;
  return allowIf(s.invitedOrganizationRoleKey === MEMBER_ROLE_KEY);
}

/**
 * The organization's second-factor requirement: an operator inside it (member of it or of one of
 * its projects, system admin) who signed in without a second factor is refused; outsiders are left
 * to the other rules (they learn nothing of the organization).
 */
function missesRequiredSecondFactor(f: Facts, s: PermissionSubject): boolean {
  return (
    s.organizationRequiresSecondFactor === true &&
    f.operator.secondFactor !== true &&
    !signedInThroughOrganizationSso(f, s) &&
    (f.sysAdmin || f.orgMember || f.projectMember)
  );
}

/** A sign-in through the organization's own SSO connection: its identity provider authenticated the person, second factor included. */
function signedInThroughOrganizationSso(f: Facts, s: PermissionSubject): boolean {
  return s.organizationSso !== undefined && f.operator.ssoOrganizationId === s.organizationSso.organizationId;
}

/**
 * The organization's single-sign-on requirement: an operator inside it whose address is on one of
 * its SSO domains and whose sign-in did not come through its connection is refused.
 */
function missesRequiredSso(f: Facts, s: PermissionSubject): boolean {
  const sso = s.organizationSso;
  if (sso === undefined || sso.domains.length === 0 || !(f.sysAdmin || f.orgMember || f.projectMember)) return false;
  return sso.domains.includes(emailDomain(f.operator.email)) && !signedInThroughOrganizationSso(f, s);
}

/**
 * SSO settings: as any organization-admin action; requiring SSO on the admin's own domain needs the
 * admin's sign-in to have come through the organization's connection.
 */
function decideSsoChange(f: Facts, s: PermissionSubject): Decision {
  const decision = decideOrgAdminAction(f);
  const required = s.requiresSso;
  if (!decision.allowed || required === undefined || !required.domains.includes(emailDomain(f.operator.email))) return decision;
  return allowIf(f.operator.ssoOrganizationId === required.organizationId, ErrorCodes.SSO_SELF_LOCKOUT);
}

/** Security settings: as any organization-admin action; requiring a second factor needs one in the admin's own sign-in. */
function decideSecurityChange(f: Facts, s: PermissionSubject): Decision {
  const decision = decideOrgAdminAction(f);
  if (!decision.allowed || s.requiresSecondFactor !== true) return decision;
  return allowIf(f.operator.secondFactor === true, ErrorCodes.MFA_SELF_LOCKOUT);
}

/** The permission decision for `action` by `subject.operator` (docs/product-rules.md#permissions). Deny by default. */
export function decide(action: Action, subject: PermissionSubject): Decision {
  const operator = subject.operator;
  if (operator == null) return deny(ErrorCodes.UNAUTHENTICATED);
  const f = facts(operator, subject);
  if (missesRequiredSso(f, subject)) return deny(ErrorCodes.SSO_REQUIRED);
  if (missesRequiredSecondFactor(f, subject)) return deny(ErrorCodes.MFA_REQUIRED);

  switch (action) {
    case Actions.AccountManageOwn:
    case Actions.OrganizationListOwn:
    case Actions.ProjectListOwn:
      return ALLOW;
    case Actions.InvitationAccept:
      return allowIf(subject.invitedById !== operator.id, ErrorCodes.CANNOT_CHANGE_OWN_ROLE);

    case Actions.SystemAdminAccess:
    case Actions.SystemAdminListAccounts:
    case Actions.OrganizationCreate:
    case Actions.OrganizationListAll:
    case Actions.ProjectCreate:
    case Actions.ProjectListAll:
    case Actions.KarteMappingRead:
    case Actions.KarteMappingWrite:
    case Actions.ProjectUpdateProductSettings:
    case Actions.AuditLogViewAll:
    case Actions.DomainListAll:
    case Actions.DomainVerifyManually:
    case Actions.OrganizationListDeleted:
    case Actions.OrganizationRestore:
    case Actions.ServiceCredentialManage:
    case Actions.SsoListAll:
    case Actions.SsoDisable:
      return allowIf(f.sysAdmin);

    case Actions.SystemAdminGrant:
      return decideSystemAdminChange(f, subject, true);
    case Actions.SystemAdminRevoke:
      return decideSystemAdminChange(f, subject, false);

    case Actions.OrganizationView:
    case Actions.OrganizationListMembers:
    case Actions.OrganizationListDomains:
    case Actions.InvitationList:
      return allowIf(f.sysAdmin || f.orgMember);

    case Actions.OrganizationUpdate:
    case Actions.OrganizationUploadImage:
    case Actions.OrganizationViewAuditLog:
    case Actions.OrganizationManageDomains:
    case Actions.OrganizationManageJoinRequests:
    case Actions.OrganizationExportMembers:
    case Actions.OrganizationDelete:
    case Actions.OrganizationExport:
      return decideOrgAdminAction(f);
    case Actions.OrganizationManageSso:
      return decideSsoChange(f, subject);
    case Actions.OrganizationManageSecurity:
      return decideSecurityChange(f, subject);
    case Actions.OrganizationInvite:
      return decideOrgAdminAction(f, ErrorCodes.CANNOT_CHANGE_OWN_ROLE);
    case Actions.OrganizationRemoveMember:
      return decideOrgAdminAction(f, ErrorCodes.CANNOT_REMOVE_SELF);
    case Actions.OrganizationAssignRole:
      return decideOrgAdminAction(f, ErrorCodes.CANNOT_CHANGE_OWN_ROLE);

    case Actions.InvitationCancel:
      return allowIf(f.sysAdmin || f.orgMember || f.isInvitee);
    case Actions.InvitationRead:
      return allowIf(f.sysAdmin || f.isInvitee);

    case Actions.ProjectView:
    case Actions.ProjectListMembers:
      // Any member of the owning organization counts as having a role in the project (docs/product-rules.md#permissions).
      return allowIf(f.sysAdmin || f.orgMember || f.projectMember);

    case Actions.ProjectUpdate:
      return decideProjectAdminAction(f);
    case Actions.ProjectInvite:
      return decideProjectInvite(f, subject);
    case Actions.ProjectRemoveMember:
      return decideProjectAdminAction(f, ErrorCodes.CANNOT_REMOVE_SELF);
    case Actions.ProjectAssignRole:
      return decideProjectAdminAction(f, ErrorCodes.CANNOT_CHANGE_OWN_ROLE);

    default: {
      // A new action without a rule does not compile; an unknown action at runtime is denied.
      const _exhaustive: never = action;
      return deny(ErrorCodes.FORBIDDEN);
    }
  }
}

export function can(action: Action, subject: PermissionSubject): boolean {
  return decide(action, subject).allowed;
}
