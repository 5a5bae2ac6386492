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
});
