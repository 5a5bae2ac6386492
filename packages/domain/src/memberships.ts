/**
 * An account's memberships (docs/product-rules.md#memberships). All functions are pure: they never mutate their
 * arguments and return new arrays / objects.
 */
import { DomainError, ErrorCodes } from './errors';
import { isAdminRoleKey } from './roles';

export interface ProjectAssignment {
  projectId: string;
  roleId: string;
}

export interface Membership {
  organizationId: string;
  roleId: string;
  projects: ProjectAssignment[];
}

/**
 * Keeps every existing assignment unchanged and appends only incoming projects that are not
 * there yet (the first incoming entry per project wins). The result has unique projectIds.
 */
export function addMissingProjects(existing: readonly ProjectAssignment[], incoming: readonly ProjectAssignment[]): ProjectAssignment[] {
  const byId = new Map<string, ProjectAssignment>();
  for (const p of [...existing, ...incoming]) {
    if (!byId.has(p.projectId)) byId.set(p.projectId, { projectId: p.projectId, roleId: p.roleId });
  }
  return [...byId.values()];
}

export function findMembership(memberships: readonly Membership[], organizationId: string): Membership | undefined {
  return memberships.find((m) => m.organizationId === organizationId);
}

/** The account's assignment to a project, with the owning organization's id. */
export function findProjectAssignment(memberships: readonly Membership[], projectId: string): (ProjectAssignment & { organizationId: string }) | undefined {
  for (const m of memberships) {
    const p = m.projects.find((a) => a.projectId === projectId);
    if (p !== undefined) return { organizationId: m.organizationId, projectId: p.projectId, roleId: p.roleId };
  }
  return undefined;
}

function copyMembership(m: Membership, projects: ProjectAssignment[] = m.projects.map((p) => ({ ...p }))): Membership {
  return { organizationId: m.organizationId, roleId: m.roleId, projects };
}

function requireMembership(memberships: readonly Membership[], organizationId: string): Membership {
  const existing = findMembership(memberships, organizationId);
  if (existing === undefined) throw new DomainError(ErrorCodes.NOT_ORGANIZATION_MEMBER);
  return existing;
}

/**
 * Adds a membership (accepting an invitation, docs/product-rules.md#memberships). If the account already belongs to the
 * organization, its organization role and its projects (with their roles) are kept and only the
 * missing projects are added; otherwise the membership is appended.
 */
export function addMembership(memberships: readonly Membership[], incoming: Membership): Membership[] {
  const existing = findMembership(memberships, incoming.organizationId);
  if (existing === undefined) {
    return [...memberships.map((m) => copyMembership(m)), copyMembership(incoming, addMissingProjects([], incoming.projects))];
  }
  return memberships.map((m) => (m === existing ? copyMembership(m, addMissingProjects(m.projects, incoming.projects)) : copyMembership(m)));
}

/** Sets the organization role. Throws NOT_ORGANIZATION_MEMBER when the account is not a member. */
export function assignOrganizationRole(memberships: readonly Membership[], organizationId: string, roleId: string): Membership[] {
  const existing = requireMembership(memberships, organizationId);
  return memberships.map((m) => (m === existing ? { ...copyMembership(m), roleId } : copyMembership(m)));
}

/**
 * Sets a project role (merging by projectId). Throws NOT_ORGANIZATION_MEMBER when the account
 * does not belong to the project's organization (docs/product-rules.md#memberships).
 */
export function assignProjectRole(memberships: readonly Membership[], organizationId: string, assignment: ProjectAssignment): Membership[] {
  const existing = requireMembership(memberships, organizationId);
  const assigned = { projectId: assignment.projectId, roleId: assignment.roleId };
  const withRole = (projects: readonly ProjectAssignment[]): ProjectAssignment[] =>
    projects.some((p) => p.projectId === assigned.projectId)
      ? projects.map((p) => (p.projectId === assigned.projectId ? assigned : { ...p }))
      : [...projects.map((p) => ({ ...p })), assigned];
  return memberships.map((m) => (m === existing ? copyMembership(m, withRole(m.projects)) : copyMembership(m)));
}

/** A change of one account's organization membership: its new role key, or null when it is removed. */
export interface OrganizationMembershipChange {
  accountId: string;
  roleKey: string | null;
}

/**
 * The last admin of an organization can be neither removed nor demoted: throws LAST_ADMIN when
 * the change takes the admin role from an account of `adminAccountIds` (the organization's admins
 * now) and none of the others remains. Changes of non-admins always pass, so an organization
 * without admins (a new one) still loses members.
 */
export function assertOrganizationKeepsAdmin(adminAccountIds: readonly string[], change: OrganizationMembershipChange): void {
  if (isAdminRoleKey(change.roleKey) || !adminAccountIds.includes(change.accountId)) return;
  if (adminAccountIds.every((id) => id === change.accountId)) throw new DomainError(ErrorCodes.LAST_ADMIN);
}

/** A role as the permission rules need it: its id and key. */
export interface RoleRef {
  id: string;
  key: string;
}

/** Where an access question is asked: an organization, or a project of it. */
export interface AccessScope {
  organizationId: string;
  projectId?: string | null;
}

/** The operator's role keys in a scope (null = not a member), the shape `decide()` takes. */
export interface AccessRoleKeys {
  organizationRoleKey: string | null;
  projectRoleKey: string | null;
}

/**
 * THE derivation of role keys (docs/product-rules.md#permissions): the account's memberships plus the roles of the
 * organization (and of the project) give its role keys in the scope. The API's access service and
 * the web's permission hook both call this; no other place turns role ids into keys.
 */
export function accessRoleKeys(
  memberships: readonly Membership[],
  roles: { organization: readonly RoleRef[]; project?: readonly RoleRef[] },
  scope: AccessScope,
): AccessRoleKeys {
  const membership = findMembership(memberships, scope.organizationId);
  if (membership === undefined) return { organizationRoleKey: null, projectRoleKey: null };
  const organizationRoleKey = roles.organization.find((r) => r.id === membership.roleId)?.key ?? null;
  const projectId = scope.projectId;
  const assignment = projectId == null ? undefined : membership.projects.find((p) => p.projectId === projectId);
  const projectRoleKey = assignment === undefined ? null : ((roles.project ?? []).find((r) => r.id === assignment.roleId)?.key ?? null);
  return { organizationRoleKey, projectRoleKey };
}
