import {
  BrowserClient,
  browserSessionIntegration,
  captureException,
  dedupeIntegration,
  defaultStackParser,
  globalHandlersIntegration,
  httpContextIntegration,
  linkedErrorsIntegration,
  makeFetchTransport,
  setCurrentClient,
  setUser,
} from '@sentry/react';
import type { Tracker } from '@/lib/tracking';
import type { DeploymentContext } from './deployment-context';
import { withoutSecrets } from './redact';

/**
 * Sentry (docs/operations.md#web-monitoring): unhandled errors, route errors and the error screen, with the signed-in
 * account's id as the user (the id only: no e-mail, name or IP address).
 *
 * The browser client is set up as Sentry.init sets it up (fetch transport), without the React
 * package's init, which would pull React into this chunk and so split React out of the app's entry
 * into a chunk of its own; and with only the integrations these reports need, not the defaults
 * (breadcrumbs, console capture, wrapped timers and listeners, filters, culture context: 6 KB gzip).
 */
export function createSentryTracker(config: { dsn: string }, context: DeploymentContext): Tracker {
  const client = new BrowserClient({
    dsn: config.dsn,
    environment: context.appEnv,
    release: context.version,
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    // Unhandled errors and rejections, causes, no repeats, the page's URL, release health sessions.
    integrations: [globalHandlersIntegration(), linkedErrorsIntegration(), dedupeIntegration(), httpContextIntegration(), browserSessionIntegration()],
    // No user fields from elsewhere (no IP address): the user is the account id identify sets.
    dataCollection: { userInfo: false },
    beforeSend: (event) => {
      if (event.request?.url) event.request.url = withoutSecrets(event.request.url);
      return event;
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
