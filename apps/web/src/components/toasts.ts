import { ErrorCodes } from '@console/domain';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { isApiError, isTimeoutError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';

type ToastType = 'success' | 'error' | 'warning' | 'info';

interface ToastOptions {
  /** Shown once: a toast with the id of one still open is not shown again. */
  id?: string;
  title: string;
  description?: ReactNode;
  /** success (default), error, warning or info. */
  type?: ToastType;
  /** Milliseconds before the toast closes by itself; false keeps it until closed. */
  duration?: number | false;
}

const TOAST_DEFAULT_DURATION_MS = 5_000;

/**
 * Each type's colour and live-region role: screen readers announce a status when they are idle
 * and an alert at once (errors and warnings).
 */
const KINDS: Record<ToastType, { color: string; role: 'status' | 'alert' }> = {
  success: { color: 'teal', role: 'status' },
  error: { color: 'red', role: 'alert' },
  warning: { color: 'orange', role: 'alert' },
  info: { color: 'blue', role: 'status' },
};

/** Shows a toast with a title, an optional description and a close button (docs/product-rules.md#screens). */
function showToast({ id, title, description, type = 'success', duration = TOAST_DEFAULT_DURATION_MS }: ToastOptions): string {
  return notifications.show({
    id,
    title,
    message: description ?? null,
    color: KINDS[type].color,
    role: KINDS[type].role,
    autoClose: duration,
    withCloseButton: true,
    withBorder: true,
    'data-testid': 'toast',
    'data-toast-type': type,
  });
}

export const toast = {
  success: (title: string, description?: ReactNode) => showToast({ title, description, type: 'success' }),
  error: (title: string, description?: ReactNode) => showToast({ title, description, type: 'error' }),
  warning: (title: string, description?: ReactNode) => showToast({ title, description, type: 'warning' }),
  info: (title: string, description?: ReactNode) => showToast({ title, description, type: 'info' }),
};

/**
 * Refusals whose API message tells the user why an action failed, which its controls cannot show
 * beforehand (docs/product-rules.md#permissions): the organization's last admin, one's own role (e.g. inviting oneself), an
 * invitation whose sender can no longer grant its roles (cancelled as it was accepted), requiring
 * a second factor or SSO from a sign-in without it.
 */
const EXPLAINED_REFUSALS: ReadonlySet<string> = new Set<string>([
  ErrorCodes.LAST_ADMIN,
  ErrorCodes.CANNOT_CHANGE_OWN_ROLE,
  ErrorCodes.INVITER_LACKS_RIGHTS,
  ErrorCodes.LAST_ADMIN_OF_ORGANIZATION,
  ErrorCodes.DELETION_NOT_CONFIRMED,
  ErrorCodes.MFA_SELF_LOCKOUT,
  ErrorCodes.SSO_SELF_LOCKOUT,
]);

/** The API's message of an explained refusal, for the description of the action's error toast; undefined for any other error. */
export function refusalReason(error: unknown): string | undefined {
  return isApiError(error) && error.isProductError && EXPLAINED_REFUSALS.has(error.errorCode) ? error.message : undefined;
}

/**
 * The error toast of a failed write: `title` with `description` (by default the reason of an
 * explained refusal); for a write the API did not answer in time, that its result is unknown
 * instead (it may have taken effect: running it again shows the result).
 */
export function toastWriteFailure(title: string, error: unknown, description: ReactNode = refusalReason(error)): void {
  if (isTimeoutError(error)) toast.error(i18n.t('common.resultUnknown'), i18n.t('common.resultUnknownDescription'));
  else toast.error(title, description);
}

/** A mutation's onError: logs the error and shows its toast ({@link toastWriteFailure}). */
export function toastOnError(title: string) {
  return (error: unknown) => {
    console.error(error);
    toastWriteFailure(title, error);
  };
}

/** Mutation callbacks that end in a toast: `success` when it succeeds, else `failure` (the error logged). */
export function toastOutcome(success: string, failure: string) {
  return { onSuccess: () => toast.success(success), onError: toastOnError(failure) };
}

/** The toast of calls refused for too many requests; calls refused together show it once. */
export const RATE_LIMITED_TOAST_ID = 'rate-limited';

/** An API call answered RATE_LIMITED: an error toast with the API's message (any other error is left to the caller). */
export function toastIfRateLimited(error: unknown): void {
  if (isApiError(error) && error.errorCode === ErrorCodes.RATE_LIMITED) showToast({ id: RATE_LIMITED_TOAST_ID, title: error.message, type: 'error' });
}
