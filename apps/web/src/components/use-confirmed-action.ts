import { useState } from 'react';
import { toast, toastOnError } from './toasts';

/** The toasts that end an action: `success` when it succeeds, else `failure` (with the reason of an explained refusal). */
export interface ActionToasts {
  success: string;
  failure: string;
}

/** An action on a target that ends in a toast; `busy` while it runs. */
export function useToastedAction<T>(action: (target: T) => Promise<unknown>, toasts: ActionToasts) {
  const [busy, setBusy] = useState(false);
  async function run(target: T): Promise<void> {
    setBusy(true);
    try {
      await action(target);
      toast.success(toasts.success);
    } catch (error) {
      toastOnError(toasts.failure)(error);
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

/**
 * An action that asks first (docs/product-rules.md#screens, #states: role and plan changes, removals and cancellations):
 * `request(target)` opens its confirmation, whose props `dialog` holds (spread them into a
 * ConfirmDialog). Confirming runs the action and ends in a toast; cancelling drops the target, so
 * a selector showing `target` goes back to the saved value.
 */
export function useConfirmedAction<T>(action: (target: T) => Promise<unknown>, toasts: ActionToasts) {
  const [target, setTarget] = useState<T | null>(null);
  const { busy, run } = useToastedAction(action, toasts);
  async function confirm(): Promise<void> {
    if (target === null) return;
    await run(target);
    setTarget(null);
  }
  return {
    /** What the open confirmation is about; null when none is open. */
    target,
    request: (next: T) => setTarget(next),
    dialog: { opened: target !== null, loading: busy, onCancel: () => setTarget(null), onConfirm: () => void confirm() },
  };
}
