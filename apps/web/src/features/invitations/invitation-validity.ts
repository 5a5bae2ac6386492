import { ErrorCodes, invitationStatus, type InvitationTiming } from '@console/domain';
import { isApiError } from '@/lib/api-error';

/**
 * Whether the invitation screen can offer "accept" (docs/product-rules.md#screens): the invitation is pending
 * (not expired, accepted or cancelled) and its organization exists.
 */
export function isInvitationUsable(data: { invitation: InvitationTiming & { status?: string }; organization: unknown } | null | undefined, now: Date): boolean {
  if (!data || data.organization == null) return false;
  if (data.invitation.status !== undefined && data.invitation.status !== 'pending') return false;
  return invitationStatus(data.invitation, now) === 'pending';
}

const INVALID_CODES: ReadonlySet<string> = new Set([
  ErrorCodes.INVITATION_INVALID,
  ErrorCodes.INVITATION_NOT_FOUND,
  ErrorCodes.NOT_FOUND,
  ErrorCodes.INVALID_ID,
  ErrorCodes.EMAIL_MISMATCH,
  ErrorCodes.FORBIDDEN,
]);

/** Errors of /invitation/getByIdWithOrganization that mean "this invitation cannot be used". */
export function isInvalidInvitationError(error: unknown): boolean {
  return isApiError(error) && (INVALID_CODES.has(error.errorCode) || (error.status >= 400 && error.status < 500));
}
