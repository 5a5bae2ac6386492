/**
 * Joining an organization through its verified domains (docs/product-rules.md#auto-join): the join
 * policy of each domain, who may join or ask to join with it, and the states of a join request.
 */
import type { DomainState } from './domains';
import { DomainError, ErrorCodes } from './errors';
import { addMissingProjects, type Membership, type ProjectAssignment } from './memberships';

/** What a verified domain does for the people with an address on it: nothing, an automatic join, or a join request. */
export const JOIN_MODES = ['off', 'automatic', 'request'] as const;
export type JoinMode = (typeof JOIN_MODES)[number];

/** The states of a join request: waiting for an admin, approved (the person joined), declined. */
export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

/** A domain's join policy: the mode and the roles a joining person gets (none when the mode is off). */
export interface JoinPolicy {
  mode: JoinMode;
  roleId: string | null;
  projects: ProjectAssignment[];
}

/**
 * The policy to store: off forgets any roles; automatic and request need the organization role
 * (else VALIDATION_FAILED), and each project once (the first entry wins).
 */
export function normalizeJoinPolicy(policy: JoinPolicy): JoinPolicy {
  if (policy.mode === 'off') return { mode: 'off', roleId: null, projects: [] };
  if (policy.roleId === null || policy.roleId === '') throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'roleId is required unless the mode is off');
  return { mode: policy.mode, roleId: policy.roleId, projects: addMissingProjects([], policy.projects) };
}

/** The membership a policy (not off) gives in the organization: validated like an invitation's, and granted only by who may invite with it. */
export function joinPolicyMembership(organizationId: string, policy: JoinPolicy): Membership | null {
  if (policy.mode === 'off' || policy.roleId === null) return null;
  return { organizationId, roleId: policy.roleId, projects: policy.projects.map((p) => ({ ...p })) };
}

/** The domain of an e-mail address, lower case ('' when it has no @). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).toLowerCase();
}

/** A domain as the joining rules need it. */
export interface JoinDomain {
  domain: string;
  state: DomainState;
  joinMode: JoinMode;
}

/** What a person may do with one of an organization's domains. */
export type JoinOption = 'join' | 'request' | 'verifyEmail' | 'none';

/**
 * What a person with the address `email` (verified with the identity provider or not) may do with
 * `domain` of an organization they do (not) belong to: only a verified domain whose policy is not
 * off, only for an address on that very domain (not a subdomain), never for a member; an address
 * whose ownership is not proven must be verified first.
 */
export function joinOption(person: { email: string; emailVerified: boolean; alreadyMember: boolean }, domain: JoinDomain): JoinOption {
  if (person.alreadyMember || domain.state !== 'verified' || domain.joinMode === 'off') return 'none';
  if (emailDomain(person.email) !== domain.domain) return 'none';
  if (!person.emailVerified) return 'verifyEmail';
  return domain.joinMode === 'automatic' ? 'join' : 'request';
}

/**
 * A join request may be sent when the option of one of the organization's domains is `request`:
 * ALREADY_ORGANIZATION_MEMBER for a member, JOIN_EMAIL_NOT_VERIFIED for an address not proven yet,
 * JOIN_NOT_AVAILABLE otherwise (an unknown organization looks the same).
 */
export function assertMayRequestJoin(alreadyMember: boolean, options: readonly JoinOption[]): void {
  if (alreadyMember) throw new DomainError(ErrorCodes.ALREADY_ORGANIZATION_MEMBER);
  if (options.includes('request')) return;
  if (options.includes('verifyEmail')) throw new DomainError(ErrorCodes.JOIN_EMAIL_NOT_VERIFIED);
  throw new DomainError(ErrorCodes.JOIN_NOT_AVAILABLE);
}

/** Only a pending request is approved or declined (else JOIN_REQUEST_NOT_PENDING). */
export function assertJoinRequestPending(status: JoinRequestStatus): void {
  if (status !== 'pending') throw new DomainError(ErrorCodes.JOIN_REQUEST_NOT_PENDING);
}
