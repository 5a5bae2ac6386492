import { datadogRum } from '@datadog/browser-rum';
import type { DatadogEnv } from '@/config/monitoring-env';
import type { Tracker } from '@/lib/tracking';
import type { DeploymentContext } from './deployment-context';
import { withoutSecrets } from './redact';

/**
 * Datadog Browser RUM (docs/operations.md#web-monitoring): sessions, views (it follows the router's history changes
 * itself), interactions, resources, long tasks and Session Replay at the environment's rates; the
 * signed-in account as the session's user. It is the error reporting too: RUM collects unhandled
 * errors and rejections itself (error source `source`), and the route errors come through `addError`
 * (source `custom`, context `source: route`), each with the session's user.
 *
 * The worker start timeout (MonitoringConfig.workerStartTimeoutMs, 30 s; docs/operations.md#web-monitoring) is the time the SDK
 * gives its compression worker to start (Session Replay's; INITIALIZATION_TIME_OUT_DELAY): fixed
 * at 30 s in the SDK, with no init option. test/unit/monitoring.test.ts fails should the two differ.
 */
export function createDatadogRumTracker(config: DatadogEnv, context: DeploymentContext): Tracker {
  const { settings } = context;
  datadogRum.init({
    applicationId: config.applicationId,
    clientToken: config.clientToken,
    site: config.site,
    service: config.service,
    env: context.appEnv,
    version: context.version,
    proxy: config.proxyUrl,
    sessionSampleRate: settings.sessionSampleRate,
    sessionReplaySampleRate: settings.sessionReplaySampleRate,
    trackUserInteractions: settings.trackUserInteractions,
    trackResources: settings.trackResources,
    trackLongTasks: settings.trackLongTasks,
    beforeSend: (event) => {
      event.view.url = withoutSecrets(event.view.url);
      if (event.view.referrer) event.view.referrer = withoutSecrets(event.view.referrer);
      return true;
    },
  });
  return {
    identify: (account) =>
      datadogRum.setUser({ id: account.id, email: account.email, name: account.name ?? undefined, is_system_admin: account.isSystemAdmin }),
    error: (error, errorContext) => datadogRum.addError(error, errorContext),
    reset: () => datadogRum.clearUser(),
  };
}
