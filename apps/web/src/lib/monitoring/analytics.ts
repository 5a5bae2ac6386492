import type { Tracker } from '@/lib/tracking';
import type { DeploymentContext } from './deployment-context';
import { appendScript } from './script';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Google Analytics through gtag.js (docs/operations.md#web-monitoring, docs/product-rules.md#api-calls): a page view on every navigation, the account
 * id as the user id on sign-in (with an `identify` event), an `exception` event on a route error.
 * Page locations carry the path only: no search parameter (a reset code, …) reaches Analytics.
 */
export function createAnalyticsTracker({ measurementId, scriptUrl }: { measurementId: string; scriptUrl: string }, context: DeploymentContext): Tracker {
  const dataLayer = (window.dataLayer ??= []);
  // gtag.js reads each command as an `arguments` object, as Google's snippet pushes it.
  function gtag(..._command: unknown[]): void {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  }
  gtag('js', new Date());
  gtag('config', measurementId, { send_page_view: false });
  appendScript(scriptUrl);
  return {
    identify: (account) => {
      gtag('set', { user_id: account.id });
      gtag('event', 'identify');
    },
    pageView: (path) => {
      gtag('set', { page_location: new URL(context.pagePath(path), window.location.origin).href });
      gtag('event', 'page_view');
    },
    error: (error, errorContext) => gtag('event', 'exception', { description: describe(error), fatal: false, ...errorContext }),
    reset: () => gtag('set', { user_id: null }),
  };
}
