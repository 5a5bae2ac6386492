import { BrowserClient, captureException, defaultStackParser, getDefaultIntegrations, makeFetchTransport, setCurrentClient, setUser } from '@sentry/react';
import type { Tracker } from '@/lib/tracking';
import type { DeploymentContext } from './deployment-context';
import { withoutSecrets } from './redact';

/** A navigation breadcrumb's `from` and `to` without secrets. */
function redactNavigation(data: Record<string, unknown>): void {
  for (const key of ['from', 'to']) {
    const value = data[key];
    if (typeof value === 'string') data[key] = withoutSecrets(value);
  }
}

/**
 * Sentry (docs/operations.md#web-monitoring): unhandled errors, route errors and the error screen, with the signed-in
 * account's id as the user (the id only: no e-mail, name or IP address).
 *
 * The browser client is set up as Sentry.init sets it up (default integrations, fetch transport),
 * without the React package's init, which would pull React into this chunk and so split React out
 * of the app's entry into a chunk of its own.
 */
export function createSentryTracker(config: { dsn: string }, context: DeploymentContext): Tracker {
  const client = new BrowserClient({
    dsn: config.dsn,
    environment: context.appEnv,
    release: context.version,
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: getDefaultIntegrations({}),
    // No user fields from elsewhere (no IP address): the user is the account id identify sets.
    dataCollection: { userInfo: false },
    beforeSend: (event) => {
      if (event.request?.url) event.request.url = withoutSecrets(event.request.url);
      return event;
    },
    beforeBreadcrumb: (breadcrumb) => {
      if (breadcrumb.category === 'navigation' && breadcrumb.data) redactNavigation(breadcrumb.data);
      return breadcrumb;
    },
  });
  setCurrentClient(client);
  client.init();
  return {
    identify: (account) => setUser({ id: account.id }),
    error: (error, errorContext) => {
      captureException(error, errorContext ? { tags: errorContext } : undefined);
    },
    reset: () => setUser(null),
  };
}
