/**
 * Tracking and analytics behind one interface (docs/operations.md#web-monitoring, docs/product-rules.md#api-calls): the signed-in account is
 * identified to the customer-experience tracking service and to analytics, page views and route
 * errors go to analytics. Nothing is sent unless a tracker has been configured (lib/monitoring).
 */
export interface TrackedAccount {
  id: string;
  email: string;
  name: string | null;
  isSystemAdmin: boolean;
}

export interface Tracker {
  identify(account: TrackedAccount): void;
  /** The router's location (/projects); left out by services that follow the navigation themselves. */
  pageView?(path: string): void;
  error?(error: unknown, context?: Record<string, string>): void;
  reset(): void;
}

type Call = (tracker: Tracker) => void;

let trackers: readonly Tracker[] = [];
/** Calls made while the configured trackers load; replayed in order once they are ready. */
let pending: Call[] | undefined;

function dispatch(call: Call): void {
  for (const tracker of trackers) {
    try {
      call(tracker);
    } catch (error) {
      console.warn('A tracker failed', error);
    }
  }
}

function record(call: Call): void {
  if (pending) pending.push(call);
  else dispatch(call);
}

/**
 * Installs the trackers once they have loaded. What the app tracks meanwhile (the first page view,
 * an identify on a fast sign-in) is kept and handed to them in order, so nothing is lost to the wait.
 */
export async function startTracking(loading: Promise<readonly Tracker[]>): Promise<void> {
  const queue: Call[] = [];
  pending = queue;
  try {
    trackers = await loading;
  } finally {
    pending = undefined;
    for (const call of queue) dispatch(call);
  }
}

export const tracking = {
  identify: (account: TrackedAccount) => record((t) => t.identify(account)),
  pageView: (path: string) => record((t) => t.pageView?.(path)),
  error: (error: unknown, context?: Record<string, string>) => record((t) => t.error?.(error, context)),
  reset: () => record((t) => t.reset()),
};
