/**
 * Tracking and analytics behind one interface (spec §1, §4, §7): the signed-in account is
 * identified to the customer-experience tracking service and to analytics, page views and route
 * errors go to analytics. Nothing is sent unless a tracker has been configured.
 */
export interface TrackedAccount {
  id: string;
  email: string;
  name: string | null;
  isSystemAdmin: boolean;
}

export interface Tracker {
  identify(account: TrackedAccount): void;
  pageView(path: string): void;
  error(error: unknown, context?: Record<string, string>): void;
  reset(): void;
}

let trackers: Tracker[] = [];

/** Installs the configured trackers (none by default). */
export function configureTracking(configured: readonly Tracker[]): void {
  trackers = [...configured];
}

function each(fn: (tracker: Tracker) => void): void {
  for (const tracker of trackers) {
    try {
      fn(tracker);
    } catch (error) {
      console.warn('A tracker failed', error);
    }
  }
}

export const tracking = {
  identify: (account: TrackedAccount) => each((t) => t.identify(account)),
  pageView: (path: string) => each((t) => t.pageView(path)),
  error: (error: unknown, context?: Record<string, string>) => each((t) => t.error(error, context)),
  reset: () => each((t) => t.reset()),
};
