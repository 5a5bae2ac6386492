import { deploymentFor, type EnvironmentName } from '@console/config';
import type { MonitoringEnv } from '@/config/monitoring-env';
import { absolutePath } from '@/config/paths';
import type { Tracker } from '@/lib/tracking';
import type { DeploymentContext } from './deployment-context';

/**
 * Loads the module of each configured service (its own chunk, fetched only when configured, so the
 * entry stays as small as without them) and starts it. A service that fails to load is left out.
 * The modules get what they need from the app as arguments: importing app modules would split
 * those out of the entry into chunks of their own.
 */
export async function loadTrackers(monitoring: MonitoringEnv, appEnv: EnvironmentName): Promise<Tracker[]> {
  const context: DeploymentContext = { appEnv, version: monitoring.version, settings: deploymentFor(appEnv).monitoring, pagePath: absolutePath };
  const { datadog, analytics, karte } = monitoring;
  const loading: Promise<Tracker>[] = [];
  if (datadog) loading.push(import('./datadog-rum').then((m) => m.createDatadogRumTracker(datadog, context)));
  if (analytics) loading.push(import('./analytics').then((m) => m.createAnalyticsTracker(analytics, context)));
  if (karte) loading.push(import('./karte').then((m) => m.createKarteTracker(karte)));
  const results = await Promise.allSettled(loading);
  return results.flatMap((result) => {
    if (result.status === 'fulfilled') return [result.value];
    console.warn('A monitoring service could not start', result.reason);
    return [];
  });
}
