import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  /** success (default), error, warning or info. */
  type?: ToastType;
  /** Milliseconds before the toast closes by itself; false keeps it until closed. */
  duration?: number | false;
}

export const TOAST_DEFAULT_DURATION_MS = 5_000;

const COLORS: Record<ToastType, string> = {
  success: 'teal',
  error: 'red',
  warning: 'orange',
  info: 'blue',
};

/** Shows a toast with a title, an optional description and a close button (spec §2). */
export function showToast({ title, description, type = 'success', duration = TOAST_DEFAULT_DURATION_MS }: ToastOptions): string {
  return notifications.show({
    title,
    message: description ?? null,
    color: COLORS[type],
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

/** A mutation's onError: logs the error and shows `title` as an error toast. */
export function toastOnError(title: string) {
  return (error: unknown) => {
    console.error(error);
    toast.error(title);
  };
}

/** Mutation callbacks that end in a toast: `success` when it succeeds, else `failure` (the error logged). */
export function toastOutcome(success: string, failure: string) {
  return { onSuccess: () => toast.success(success), onError: toastOnError(failure) };
}
