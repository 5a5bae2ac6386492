/**
 * Invitations (docs/product-rules.md#screens, #entities, #invitations, #limits).
 */
import { DomainError, ErrorCodes } from './errors';
import { APP_BASE_PATH } from './limits';
import type { Membership } from './memberships';
import { emailsEqual } from './validation';

/** Invitation lifetime: 7 days. */
export const INVITATION_LIFETIME_SECONDS = 604800;

export type InvitationStatus = 'pending' | 'expired' | 'accepted' | 'cancelled';

export interface InvitationTiming {
  createdAt: Date | string;
  /** Lifetime in seconds. */
  expiredIn: number;
  acceptedAt?: Date | string | null;
  cancelledAt?: Date | string | null;
}

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** createdAt + expiredIn seconds. An unparsable createdAt gives an invalid Date. */
export function invitationExpiresAt(invitation: Pick<InvitationTiming, 'createdAt' | 'expiredIn'>): Date {
  return new Date(toDate(invitation.createdAt).getTime() + invitation.expiredIn * 1000);
}

/**
 * accepted / cancelled win; otherwise expired once `now` is past createdAt + expiredIn
 * (an unparsable date counts as expired: fail closed); otherwise pending.
 */
export function invitationStatus(invitation: InvitationTiming, now: Date): InvitationStatus {
  if (invitation.acceptedAt != null) return 'accepted';
  if (invitation.cancelledAt != null) return 'cancelled';
  const expiresAt = invitationExpiresAt(invitation).getTime();
  return now.getTime() <= expiresAt ? 'pending' : 'expired';
}

/** Organization shape needed to validate an invitation membership. */
export interface InvitationTargetOrganization {
  id: string;
  roleIds: readonly string[];
  projects: readonly { id: string; roleIds: readonly string[] }[];
}

/**
 * docs/product-rules.md#invitations: the membership is valid only if its organization matches (else ORGANIZATION_MISMATCH),
 * its role exists in the organization (else ROLE_NOT_FOUND), and every project entry refers to
 * a project of the organization (else PROJECT_NOT_IN_ORGANIZATION) with a role existing in that
 * project (else ROLE_NOT_FOUND).
 */
export function assertInvitationMembershipValid(membership: Membership, organization: InvitationTargetOrganization): void {
  if (membership.organizationId !== organization.id) throw new DomainError(ErrorCodes.ORGANIZATION_MISMATCH);
  if (!organization.roleIds.includes(membership.roleId)) throw new DomainError(ErrorCodes.ROLE_NOT_FOUND);
  for (const entry of membership.projects) {
    const project = organization.projects.find((p) => p.id === entry.projectId);
    if (project === undefined) throw new DomainError(ErrorCodes.PROJECT_NOT_IN_ORGANIZATION);
    if (!project.roleIds.includes(entry.roleId)) throw new DomainError(ErrorCodes.ROLE_NOT_FOUND);
  }
}

/** `${appOrigin}/auth/invitations/${id}?page=sign-up` (docs/product-rules.md#api-calls). Trailing slashes of the origin are dropped. */
export function buildInvitationUrl(appOrigin: string, invitationId: string): string {
  const origin = appOrigin.replace(/\/+$/, '');
  return `${origin}${APP_BASE_PATH}/invitations/${encodeURIComponent(invitationId)}?page=sign-up`;
}

export interface AcceptCheck {
  accountEmail: string;
  invitationEmail: string;
  /** Whether the account already belongs to the invitation's organization. */
  alreadyMember: boolean;
  status: InvitationStatus;
}

/**
 * docs/product-rules.md#invitations: only a pending invitation can be accepted (else INVITATION_INVALID), by the account
 * whose email equals the invited one, case-insensitively (else EMAIL_MISMATCH), which does not
 * belong to the organization yet (else ALREADY_ORGANIZATION_MEMBER).
 */
export function assertCanAccept(check: AcceptCheck): void {
  if (check.status !== 'pending') throw new DomainError(ErrorCodes.INVITATION_INVALID);
  if (!emailsEqual(check.accountEmail, check.invitationEmail)) throw new DomainError(ErrorCodes.EMAIL_MISMATCH);
  if (check.alreadyMember) throw new DomainError(ErrorCodes.ALREADY_ORGANIZATION_MEMBER);
}

/** One entry of an invite result (docs/product-rules.md#entities). */
export interface InviteResultEntry {
  email: string;
  invitation: unknown;
  account: unknown;
}

export type InviteOutcome = 'success' | 'partialFailure' | 'failure';

/** An entry without invitation and account counts as failed (docs/product-rules.md#api-calls). */
export function isInviteEntryFailed(entry: InviteResultEntry): boolean {
  return entry.invitation == null && entry.account == null;
}

/** Full success, partial failure or failure (docs/product-rules.md#invitations). No entries at all counts as failure. */
export function inviteOutcome(entries: readonly InviteResultEntry[]): InviteOutcome {
  const failed = entries.filter(isInviteEntryFailed).length;
  if (entries.length === 0 || failed === entries.length) return 'failure';
  return failed === 0 ? 'success' : 'partialFailure';
}
