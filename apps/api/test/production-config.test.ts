import { ConfigError, loadConfig } from '../src/config/app-config';

/** What production needs besides the variables every environment needs. */
const prodEnv = {
  APP_ENV: 'prod',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
  FIREBASE_PROJECT_ID: 'console-prod',
  COMPANY_MAIL_DOMAIN: 'console.example.jp',
  ROOT_ACCOUNT_EMAIL: 'root@console.example.jp',
  SENDGRID_API_KEY: 'SG.key',
  STORAGE_BUCKET: 'console-uploads',
};

describe('production refuses the fallbacks of a developer machine', () => {
  it('starts with a mail provider key and a storage bucket', () => {
    expect(loadConfig(prodEnv)).toMatchObject({ environment: 'prod', sendgridApiKey: 'SG.key', storageBucket: 'console-uploads', authEmulatorHost: undefined });
  });

  it.each([
    ['without SENDGRID_API_KEY', { SENDGRID_API_KEY: undefined }, 'Missing environment variable SENDGRID_API_KEY (required when APP_ENV is prod'],
    ['with a blank SENDGRID_API_KEY', { SENDGRID_API_KEY: ' ' }, 'Missing environment variable SENDGRID_API_KEY (required when APP_ENV is prod'],
    ['without STORAGE_BUCKET', { STORAGE_BUCKET: undefined }, 'Missing environment variable STORAGE_BUCKET (required when APP_ENV is prod'],
    [
      'without STORAGE_BUCKET, local uploads not allowed',
      { STORAGE_BUCKET: undefined, LOCAL_UPLOADS_SINGLE_INSTANCE: 'false' },
      'LOCAL_UPLOADS_SINGLE_INSTANCE=true allows that for a single instance',
    ],
    [
      'with a malformed LOCAL_UPLOADS_SINGLE_INSTANCE',
      { STORAGE_BUCKET: undefined, LOCAL_UPLOADS_SINGLE_INSTANCE: 'yes' },
      'LOCAL_UPLOADS_SINGLE_INSTANCE must be true or false',
    ],
    ['with the Auth Emulator', { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, 'FIREBASE_AUTH_EMULATOR_HOST must not be set when APP_ENV is prod'],
  ])('refuses to start %s, naming the variable', (_case, override, message) => {
    const load = () => loadConfig({ ...prodEnv, ...override });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
  });

  it('keeps uploaded images on the disk of a single instance only when told to', () => {
    expect(loadConfig({ ...prodEnv, STORAGE_BUCKET: undefined, LOCAL_UPLOADS_SINGLE_INSTANCE: 'true' })).toMatchObject({
      storageBucket: undefined,
      dataDir: '.data',
    });
  });

  it.each(['dev', 'test', 'eva'])('keeps the fallbacks when APP_ENV is %s', (environment) => {
    const env = {
      ...prodEnv,
      APP_ENV: environment,
      SENDGRID_API_KEY: undefined,
      STORAGE_BUCKET: undefined,
      FIREBASE_AUTH_EMULATOR_HOST: environment === 'dev' ? '127.0.0.1:9099' : undefined,
    };
    expect(loadConfig(env)).toMatchObject({ sendgridApiKey: undefined, storageBucket: undefined });
  });

  it('refuses webhooks to private addresses outside dev and test (no SSRF), allows them there by default', () => {
    expect(loadConfig(prodEnv).webhooks.allowPrivateAddresses).toBe(false);
    expect(() => loadConfig({ ...prodEnv, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' })).toThrow(
      'Environment variable WEBHOOK_ALLOW_PRIVATE_ADDRESSES must not be true when APP_ENV is prod',
    );
    expect(() => loadConfig({ ...prodEnv, APP_ENV: 'eva', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' })).toThrow('when APP_ENV is eva');
    const test = { ...prodEnv, APP_ENV: 'test' };
    expect(loadConfig(test).webhooks).toMatchObject({ allowPrivateAddresses: true, timeoutMs: 10_000, retrySpanSeconds: 259_200, concurrency: 4 });
    expect(loadConfig({ ...test, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' }).webhooks.allowPrivateAddresses).toBe(false);
  });

  it('requires https webhook endpoints outside dev and test, and lets no setting turn that off there', () => {
    expect(loadConfig(prodEnv).webhooks.requireHttps).toBe(true);
    expect(loadConfig({ ...prodEnv, APP_ENV: 'eva' }).webhooks.requireHttps).toBe(true);
    for (const environment of ['prod', 'eva']) {
      expect(() => loadConfig({ ...prodEnv, APP_ENV: environment, WEBHOOK_REQUIRE_HTTPS: 'false' })).toThrow(
        `Environment variable WEBHOOK_REQUIRE_HTTPS must not be false when APP_ENV is ${environment}`,
      );
    }
    const test = { ...prodEnv, APP_ENV: 'test' };
    expect(loadConfig(test).webhooks.requireHttps).toBe(false);
    expect(loadConfig({ ...test, WEBHOOK_REQUIRE_HTTPS: 'true' }).webhooks.requireHttps).toBe(true);
  });

  it('keeps change events 30 days, longer than the retries of a delivery, or for ever with 0', () => {
    expect(loadConfig(prodEnv).changeEventRetentionDays).toBe(30);
    expect(loadConfig({ ...prodEnv, CHANGE_EVENT_RETENTION_DAYS: '0' }).changeEventRetentionDays).toBe(0);
    expect(() => loadConfig({ ...prodEnv, CHANGE_EVENT_RETENTION_DAYS: '3' })).toThrow(
      'Environment variable CHANGE_EVENT_RETENTION_DAYS must be 0 or longer than the retries of a delivery (WEBHOOK_RETRY_SPAN_SECONDS, 259200 s), got "3"',
    );
    expect(loadConfig({ ...prodEnv, CHANGE_EVENT_RETENTION_DAYS: '4' }).changeEventRetentionDays).toBe(4);
  });

  it('runs an instance in a role: all by default, serve (no job) or worker (API_ROLE)', () => {
    expect(loadConfig(prodEnv).role).toBe('all');
    expect(loadConfig({ ...prodEnv, API_ROLE: 'serve' }).role).toBe('serve');
    expect(loadConfig({ ...prodEnv, API_ROLE: 'worker' }).role).toBe('worker');
    expect(() => loadConfig({ ...prodEnv, API_ROLE: 'web' })).toThrow('Environment variable API_ROLE must be one of all, serve, worker, got "web"');
  });
});
