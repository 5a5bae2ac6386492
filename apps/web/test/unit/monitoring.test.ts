import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { INITIALIZATION_TIME_OUT_DELAY } from '@datadog/browser-rum/cjs/domain/deflate/deflateWorker';
import { DEPLOYMENTS, ENVIRONMENTS } from '@console/config';
import { monitoringCspSources, readMonitoringEnv, type MonitoringCspSources } from '@/config/monitoring-env';
import type { RuntimeConfig } from '@/config/read-env';
import { withoutSecrets } from '@/lib/monitoring/redact';
import { startTracking, tracking, type TrackedAccount, type Tracker } from '@/lib/tracking';

const NGINX = join(__dirname, '..', '..', 'nginx');
const MONITORING_VARIABLES = [
  'DATADOG_APPLICATION_ID',
  'DATADOG_CLIENT_TOKEN',
  'DATADOG_SITE',
  'DATADOG_SERVICE',
  'DATADOG_PROXY_URL',
  'FIREBASE_MEASUREMENT_ID',
  'KARTE_SCRIPT_URL',
  'APP_VERSION',
  'CSP_CONNECT_SRC',
];

const ALL_CONFIGURED = {
  DATADOG_APPLICATION_ID: 'app-id',
  DATADOG_CLIENT_TOKEN: 'pub-token',
  DATADOG_SITE: 'us3.datadoghq.com',
  FIREBASE_MEASUREMENT_ID: 'G-ABC123XYZ',
  KARTE_SCRIPT_URL: 'https://cdn-edge.karte.io/0123456789abcdef/edge.js',
};

describe('monitoring settings', () => {
  it('leaves every service off when nothing is configured', () => {
    expect(readMonitoringEnv({}, {})).toEqual({ datadog: undefined, analytics: undefined, karte: undefined, version: undefined });
    expect(monitoringCspSources(readMonitoringEnv({}))).toEqual({ scriptSrc: [], connectSrc: [], workerSrc: [] });
  });

  it('takes each runtime value over the build value, with the Datadog defaults', () => {
    const env = readMonitoringEnv(
      { VITE_DATADOG_APPLICATION_ID: 'build-app', VITE_DATADOG_CLIENT_TOKEN: 'build-token', VITE_APP_VERSION: '1.0.0' },
      { datadog: { applicationId: 'runtime-app' }, firebase: { measurementId: 'G-RUN1' }, karte: { scriptUrl: 'https://cdn-edge.karte.io/k/edge.js' } },
    );
    expect(env).toEqual({
      datadog: { applicationId: 'runtime-app', clientToken: 'build-token', site: 'datadoghq.com', service: 'console-web', proxyUrl: undefined },
      analytics: { measurementId: 'G-RUN1', scriptUrl: 'https://www.googletagmanager.com/gtag/js?id=G-RUN1' },
      karte: { scriptUrl: 'https://cdn-edge.karte.io/k/edge.js' },
      version: '1.0.0',
    });
  });

  it('leaves a service off when its setting is incomplete or malformed', () => {
    const runtime = (config: RuntimeConfig) => readMonitoringEnv({}, config);
    expect(runtime({ datadog: { applicationId: 'app-only' } }).datadog).toBeUndefined();
    expect(runtime({ datadog: { applicationId: 'a', clientToken: 't', site: 'not a site' } }).datadog).toBeUndefined();
    expect(runtime({ datadog: { applicationId: 'a', clientToken: 't', proxyUrl: 'ftp://proxy.example' } }).datadog).toBeUndefined();
    expect(runtime({ firebase: { measurementId: 'UA-12345-1' } }).analytics).toBeUndefined();
    expect(runtime({ karte: { scriptUrl: 'javascript:alert(1)' } }).karte).toBeUndefined();
    const hostile = JSON.parse('{"datadog":null,"karte":{"scriptUrl":42},"firebase":{"measurementId":["G-1"]}}') as RuntimeConfig;
    expect(runtime(hostile)).toEqual(readMonitoringEnv({}));
  });

  it('allows exactly the hosts of the configured services', () => {
    const proxied = readMonitoringEnv({}, { datadog: { applicationId: 'a', clientToken: 't', proxyUrl: 'https://rum.example.jp:8443/forward' } });
    expect(monitoringCspSources(proxied)).toEqual({ scriptSrc: [], connectSrc: ['https://rum.example.jp:8443'], workerSrc: ['blob:'] });
    const karteElsewhere = readMonitoringEnv({}, { karte: { scriptUrl: 'http://127.0.0.1:5000/edge.js' } });
    expect(monitoringCspSources(karteElsewhere)).toEqual({ scriptSrc: ['http://127.0.0.1:5000'], connectSrc: ['http://127.0.0.1:5000'], workerSrc: [] });
  });

  it('keeps the monitoring rates in every environment, and the SDK starts its worker with the configured 30 s (docs/operations.md#web-monitoring)', () => {
    for (const name of ENVIRONMENTS) {
      expect(DEPLOYMENTS[name].monitoring).toEqual({
        sessionSampleRate: 100,
        sessionReplaySampleRate: 20,
        trackUserInteractions: true,
        trackResources: true,
        trackLongTasks: true,
        workerStartTimeoutMs: 30_000,
      });
      // No RUM init option sets this timeout: should an SDK update change it, this fails.
      expect(INITIALIZATION_TIME_OUT_DELAY).toBe(DEPLOYMENTS[name].monitoring.workerStartTimeoutMs);
    }
  });
});

describe('the web image: write-runtime-config.sh and render-config.sh', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'console-monitoring-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function run(script: string, args: string[], variables: Record<string, string>) {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of MONITORING_VARIABLES) delete env[name];
    return spawnSync('sh', [join(NGINX, script), ...args], { env: { ...env, ...variables }, encoding: 'utf8' });
  }

  /** The runtime config the image writes for these variables, as the page reads it. */
  function runtimeConfig(variables: Record<string, string>): RuntimeConfig {
    const output = join(dir, 'runtime-config.js');
    const result = run('write-runtime-config.sh', [output], variables);
    expect(result.stderr).toBe('');
    const sandbox = { window: {} as Record<string, unknown> };
    runInNewContext(readFileSync(output, 'utf8'), sandbox);
    return JSON.parse(JSON.stringify(sandbox.window.__CONSOLE_CONFIG__)) as RuntimeConfig;
  }

  /** The policy's monitoring sources as the image's nginx serves them (the server-level header). */
  function renderedSources(variables: Record<string, string>): MonitoringCspSources {
    const output = join(dir, 'console.conf');
    const result = run('render-config.sh', [join(NGINX, 'console.conf.template'), output], variables);
    expect(result.stderr).toBe('');
    const policy = /add_header Content-Security-Policy "([^"]*)"/.exec(readFileSync(output, 'utf8'))?.[1] ?? '';
    const directive = (name: string, fixed: string[]) => {
      const sources =
        policy
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .find((d) => d[0] === name) ?? [];
      expect(sources.slice(1, 1 + fixed.length)).toEqual(fixed);
      return sources.slice(1 + fixed.length);
    };
    return {
      scriptSrc: directive('script-src', ["'self'", 'https://apis.google.com', 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']),
      connectSrc: directive('connect-src', ["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']),
      workerSrc: directive('worker-src', ["'self'"]),
    };
  }

  it('writes the monitoring settings into the runtime config', () => {
    expect(runtimeConfig({ ...ALL_CONFIGURED, DATADOG_PROXY_URL: 'https://rum.example.jp/forward', APP_VERSION: '2.3.4' })).toEqual({
      firebase: { measurementId: 'G-ABC123XYZ' },
      appVersion: '2.3.4',
      datadog: { applicationId: 'app-id', clientToken: 'pub-token', site: 'us3.datadoghq.com', proxyUrl: 'https://rum.example.jp/forward' },
      karte: { scriptUrl: 'https://cdn-edge.karte.io/0123456789abcdef/edge.js' },
    });
  });

  it.each([
    ['nothing configured', {}],
    ['every service', ALL_CONFIGURED],
    [
      'Datadog through a proxy and KARTE on local hosts',
      {
        DATADOG_APPLICATION_ID: 'a',
        DATADOG_CLIENT_TOKEN: 't',
        DATADOG_PROXY_URL: 'HTTP://127.0.0.1:80/rum',
        KARTE_SCRIPT_URL: 'http://127.0.0.1:5555/edge.js',
      },
    ],
    ['Datadog in the EU', { DATADOG_APPLICATION_ID: 'a', DATADOG_CLIENT_TOKEN: 't', DATADOG_SITE: 'datadoghq.eu' }],
  ])('serves the policy the page needs for its runtime config: %s', (_name, variables: Record<string, string>) => {
    expect(renderedSources(variables)).toEqual(monitoringCspSources(readMonitoringEnv({}, runtimeConfig(variables))));
  });

  it('serves the expected sources for every service', () => {
    expect(renderedSources({ ...ALL_CONFIGURED, CSP_CONNECT_SRC: 'https://extra.example.jp' })).toEqual({
      scriptSrc: ['https://www.googletagmanager.com', 'https://cdn-edge.karte.io', 'https://*.karte.io'],
      connectSrc: [
        'https://browser-intake-us3-datadoghq.com',
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://*.googletagmanager.com',
        'https://cdn-edge.karte.io',
        'https://*.karte.io',
        'wss://*.karte.io',
        'https://extra.example.jp',
      ],
      workerSrc: ['blob:'],
    });
  });

  it.each([
    [{ DATADOG_APPLICATION_ID: 'app-only' }, 'needs both DATADOG_APPLICATION_ID and DATADOG_CLIENT_TOKEN'],
    [{ DATADOG_APPLICATION_ID: 'a', DATADOG_CLIENT_TOKEN: 't', DATADOG_SITE: 'datadoghq.com; script-src *' }, 'DATADOG_SITE'],
    [{ DATADOG_APPLICATION_ID: 'a', DATADOG_CLIENT_TOKEN: 't', DATADOG_PROXY_URL: 'ftp://proxy.example' }, 'DATADOG_PROXY_URL'],
    [{ FIREBASE_MEASUREMENT_ID: 'UA-12345-1' }, 'FIREBASE_MEASUREMENT_ID'],
    [{ KARTE_SCRIPT_URL: 'https://cdn.example.jp";/edge.js' }, 'KARTE_SCRIPT_URL'],
  ])('refuses a malformed monitoring setting: %j', (variables: Record<string, string>, message: string) => {
    const result = run('render-config.sh', [join(NGINX, 'console.conf.template'), join(dir, 'refused.conf')], variables);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(message);
  });
});

describe('tracking', () => {
  const account: TrackedAccount = { id: 'acct000001', email: 'someone@example.com', name: null, isSystemAdmin: false };

  function recordingTracker(calls: string[], name: string): Tracker {
    return {
      identify: (a) => calls.push(`${name} identify ${a.id}`),
      pageView: (path) => calls.push(`${name} pageView ${path}`),
      reset: () => calls.push(`${name} reset`),
    };
  }

  it('hands what was tracked while the trackers loaded to them in order, then tracks directly; one failing tracker spares the others', async () => {
    const calls: string[] = [];
    let ready: (trackers: Tracker[]) => void = () => undefined;
    const started = startTracking(new Promise<Tracker[]>((resolve) => (ready = resolve)));
    tracking.pageView('/login');
    tracking.identify(account);
    tracking.error(new Error('ignored by trackers without error()'));
    expect(calls).toEqual([]);
    const failing: Tracker = {
      identify: () => {
        throw new Error('broken');
      },
      reset: () => undefined,
    };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    ready([failing, recordingTracker(calls, 'a'), recordingTracker(calls, 'b')]);
    await started;
    expect(calls).toEqual(['a pageView /login', 'b pageView /login', 'a identify acct000001', 'b identify acct000001']);
    expect(warn).toHaveBeenCalledWith('A tracker failed', new Error('broken'));
    warn.mockRestore();
    tracking.reset();
    expect(calls.slice(-2)).toEqual(['a reset', 'b reset']);
  });
});

describe('reports leave out secrets', () => {
  it('drops the password-reset code from URLs and paths, keeping the rest', () => {
    expect(withoutSecrets('https://app.example.jp/auth/reset-password?oobCode=SECRET')).toBe('https://app.example.jp/auth/reset-password');
    expect(withoutSecrets('/auth/reset-password?lang=ja&oobCode=SECRET#top')).toBe('/auth/reset-password?lang=ja#top');
    expect(withoutSecrets('/auth/projects?view=general')).toBe('/auth/projects?view=general');
    expect(withoutSecrets('/auth/login#?oobCode=in-the-hash-only')).toBe('/auth/login#?oobCode=in-the-hash-only');
  });
});
