import type { Tracker } from '@/lib/tracking';
import { appendScript } from './script';

/** `krt` as KARTE's tag snippet defines it: calls wait in `q` until the tag's script takes over through `x`. */
interface KarteTag {
  (...args: unknown[]): void;
  q: unknown[][];
  i: number;
  x?: (...args: unknown[]) => void;
}

declare global {
  interface Window {
    krt?: KarteTag;
  }
}

function karteTag(): KarteTag {
  if (window.krt) return window.krt;
  const queue: unknown[][] = [];
  const krt: KarteTag = Object.assign(
    (...args: unknown[]) => {
      if (krt.x) krt.x(...args);
      else queue.push(args);
    },
    { q: queue, i: Date.now(), x: undefined },
  );
  window.krt = krt;
  return krt;
}

/**
 * The KARTE tag (docs/operations.md#web-monitoring): its script is loaded only when its address is configured; the
 * signed-in account is identified to it (`identify` with `user_id`) and the login state follows
 * sign-in and logout (`login` with `status`), as KARTE's tag v2 documents.
 */
export function createKarteTracker({ scriptUrl }: { scriptUrl: string }): Tracker {
  const krt = karteTag();
  appendScript(scriptUrl);
  return {
    identify: (account) => {
      krt('send', 'identify', { user_id: account.id, email: account.email, name: account.name ?? undefined, is_system_admin: account.isSystemAdmin });
      krt('send', 'login', { status: true });
    },
    reset: () => krt('send', 'login', { status: false }),
  };
}
