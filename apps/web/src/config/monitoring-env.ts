import type { RawEnv, RuntimeConfig } from './runtime-config';

/**
 * The services the page reports to (docs/operations.md#web-monitoring): Datadog Browser RUM (monitoring and error
 * reporting), Google Analytics and the KARTE tag. Each is on only when configured (runtime config, else the build's `VITE_*`
 * variable); a malformed value leaves it off (the web image refuses to start with one:
 * nginx/render-config.sh).
 */
export interface MonitoringEnv {
  /** Datadog Browser RUM: on with both an application id and a client token. */
  datadog: DatadogEnv | undefined;
  /** Google Analytics through gtag.js: on with a measurement id (`G-…`); `scriptUrl` is gtag.js for it. */
  analytics: { measurementId: string; scriptUrl: string } | undefined;
  /** The KARTE tag: on with the address of its script. */
  karte: { scriptUrl: string } | undefined;
  /** Version of the deployed build (RUM `version`). */
  version: string | undefined;
}

/** A non-empty trimmed string, else undefined (the runtime file is written outside the build, so anything else is ignored). */
function optional(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * How every setting is chosen (here and in read-env.ts): the runtime value, else the build's
 * `VITE_*` value, each only when it is a non-empty string. It lives in this module, which imports
 * nothing at run time, so that vite.config.ts can load the monitoring settings by themselves.
 */
export function pick(runtimeValue: unknown, buildValue: string | undefined): string | undefined {
  return optional(runtimeValue) ?? optional(buildValue);
}

export interface DatadogEnv {
  applicationId: string;
  clientToken: string;
  /** Datadog site, e.g. datadoghq.com, datadoghq.eu, ap1.datadoghq.com. */
  site: string;
  service: string;
  /** Where the SDK sends its batches instead of the site's intake (RUM `proxy`). */
  proxyUrl: string | undefined;
}

const DEFAULT_DATADOG_SITE = 'datadoghq.com';
const DEFAULT_DATADOG_SERVICE = 'console-web';

/** gtag.js, which Google Analytics is loaded from, and the hosts it sends to (Google's CSP guidance for Analytics 4). */
const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';
const GOOGLE_ANALYTICS_CONNECT_SOURCES = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];

/** KARTE's own hosts (its CSP guidance): a script served from one of them calls the others. */
const KARTE_DOMAIN = 'karte.io';

/** Dot-separated labels of letters, digits and inner hyphens, at least two. */
const DATADOG_SITE = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;
const MEASUREMENT_ID = /^G-[A-Z0-9]+$/;

/** An http(s) URL with a host, else undefined. */
function httpUrl(value: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' ? url : undefined;
}

function readDatadog(raw: RawEnv, runtime: RuntimeConfig['datadog']): DatadogEnv | undefined {
  const applicationId = pick(runtime?.applicationId, raw.VITE_DATADOG_APPLICATION_ID);
  const clientToken = pick(runtime?.clientToken, raw.VITE_DATADOG_CLIENT_TOKEN);
  const site = pick(runtime?.site, raw.VITE_DATADOG_SITE) ?? DEFAULT_DATADOG_SITE;
  const proxyUrl = pick(runtime?.proxyUrl, raw.VITE_DATADOG_PROXY_URL);
  if (applicationId === undefined || clientToken === undefined || !DATADOG_SITE.test(site)) return undefined;
  if (proxyUrl !== undefined && httpUrl(proxyUrl) === undefined) return undefined;
  return { applicationId, clientToken, site, service: pick(runtime?.service, raw.VITE_DATADOG_SERVICE) ?? DEFAULT_DATADOG_SERVICE, proxyUrl };
}

/** Reads the monitoring settings: each runtime value over the build's `VITE_*` value. */
export function readMonitoringEnv(raw: RawEnv, runtime?: RuntimeConfig): MonitoringEnv {
  const measurementId = pick(runtime?.firebase?.measurementId, raw.VITE_FIREBASE_MEASUREMENT_ID);
  const scriptUrl = pick(runtime?.karte?.scriptUrl, raw.VITE_KARTE_SCRIPT_URL);
  return {
    datadog: readDatadog(raw, runtime?.datadog),
    analytics:
      measurementId !== undefined && MEASUREMENT_ID.test(measurementId) ? { measurementId, scriptUrl: `${GTAG_SCRIPT_URL}?id=${measurementId}` } : undefined,
    karte: scriptUrl !== undefined && httpUrl(scriptUrl) ? { scriptUrl } : undefined,
    version: pick(runtime?.appVersion, raw.VITE_APP_VERSION),
  };
}

/** The Datadog site's browser intake: datadoghq.com → browser-intake-datadoghq.com, us3.datadoghq.com → browser-intake-us3-datadoghq.com. */
function datadogIntakeOrigin(site: string): string {
  const labels = site.split('.');
  const extension = labels.pop() ?? '';
  return `https://browser-intake-${labels.join('-')}.${extension}`;
}

/** Sources the Content-Security-Policy adds to its directives for the configured services. */
export interface MonitoringCspSources {
  scriptSrc: string[];
  connectSrc: string[];
  workerSrc: string[];
}

/**
 * Exactly the hosts of the configured services, nothing for a service that is off: RUM's intake (or
 * its proxy) and `blob:` workers (Session Replay compresses in a worker made from a blob), gtag.js and the Analytics hosts, the KARTE script's origin (and KARTE's hosts when the
 * script is one of theirs). nginx/render-config.sh derives the same sources from the same variables.
 */
export function monitoringCspSources(monitoring: MonitoringEnv): MonitoringCspSources {
  const sources: MonitoringCspSources = { scriptSrc: [], connectSrc: [], workerSrc: [] };
  const { datadog, analytics, karte } = monitoring;
  if (datadog) {
    sources.connectSrc.push(datadog.proxyUrl === undefined ? datadogIntakeOrigin(datadog.site) : new URL(datadog.proxyUrl).origin);
    sources.workerSrc.push('blob:');
  }
  if (analytics) {
    sources.scriptSrc.push(new URL(analytics.scriptUrl).origin);
    sources.connectSrc.push(...GOOGLE_ANALYTICS_CONNECT_SOURCES);
  }
  if (karte) {
    const script = new URL(karte.scriptUrl);
    const karteHosted = script.hostname === KARTE_DOMAIN || script.hostname.endsWith(`.${KARTE_DOMAIN}`);
    sources.scriptSrc.push(script.origin, ...(karteHosted ? [`https://*.${KARTE_DOMAIN}`] : []));
    sources.connectSrc.push(script.origin, ...(karteHosted ? [`https://*.${KARTE_DOMAIN}`, `wss://*.${KARTE_DOMAIN}`] : []));
  }
  return sources;
}
