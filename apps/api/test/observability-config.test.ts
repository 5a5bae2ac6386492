import { ConfigError, loadConfig } from '../src/config/app-config';
import { Metrics } from '../src/modules/metrics/metrics';
import { startApi } from './support/harness';

const validEnv = {
  APP_ENV: 'eva',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
  FIREBASE_PROJECT_ID: 'demo-x',
  COMPANY_MAIL_DOMAIN: 'console.example.jp',
  ROOT_ACCOUNT_EMAIL: 'root@console.example.jp',
};

describe('observability settings', () => {
  it('leaves metrics, error reporting and tracing off unless configured', () => {
    expect(loadConfig(validEnv).observability).toEqual({
      metricsPort: undefined,
      metricsToken: undefined,
      sentryDsn: undefined,
      sentryEnvironment: 'eva',
      sentryRelease: undefined,
      otlpEndpoint: undefined,
      serviceName: 'console-api',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      ...validEnv,
      METRICS_PORT: '9464',
      METRICS_TOKEN: 'a-token-of-16-chars',
      SENTRY_DSN: 'https://0123abcd@o1.ingest.sentry.io/42',
      SENTRY_ENVIRONMENT: 'eva-2',
      SENTRY_RELEASE: 'console@1.2.3',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/',
      OTEL_SERVICE_NAME: 'console-api-eva',
    });
    expect(config.observability).toEqual({
      metricsPort: 9464,
      metricsToken: 'a-token-of-16-chars',
      sentryDsn: 'https://0123abcd@o1.ingest.sentry.io/42',
      sentryEnvironment: 'eva-2',
      sentryRelease: 'console@1.2.3',
      otlpEndpoint: 'http://collector:4318',
      serviceName: 'console-api-eva',
    });
  });

  it.each([
    [{ METRICS_PORT: 'ninety' }, 'METRICS_PORT must be an integer from 0 to 65535'],
    [{ METRICS_PORT: '3000', PORT: '3000' }, 'METRICS_PORT must differ from PORT'],
    [{ METRICS_TOKEN: 'a-token-of-16-chars' }, 'METRICS_TOKEN must have 16+ characters and needs METRICS_PORT'],
    [{ METRICS_PORT: '9464', METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must have 16+ characters and needs METRICS_PORT'],
    [{ SENTRY_DSN: 'https://sentry.example.com/42' }, 'SENTRY_DSN must be a Sentry DSN'],
    [{ SENTRY_DSN: 'https://key@sentry.example.com/project' }, 'SENTRY_DSN must be a Sentry DSN'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, 'OTEL_EXPORTER_OTLP_ENDPOINT must be'],
  ])('refuses %j naming the variable', (override, message) => {
    expect(() => loadConfig({ ...validEnv, ...override })).toThrow(ConfigError);
    expect(() => loadConfig({ ...validEnv, ...override })).toThrow(message);
  });

  it('opens no Prometheus endpoint without METRICS_PORT', async () => {
    const api = await startApi();
    try {
      expect(api.app.get(Metrics).url).toBeUndefined();
      expect((await fetch(`${api.baseUrl}/metrics`)).status).toBe(404);
    } finally {
      await api.close();
    }
  });
});
