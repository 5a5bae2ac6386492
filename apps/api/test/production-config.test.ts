import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from '../src/config/app-config';
import { SecretCipher } from '../src/common/crypto/secret-cipher';

/** What production needs besides the variables every environment needs. */
const prodEnv = {
  APP_ENV: 'prod',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
  FIREBASE_PROJECT_ID: 'console-prod',
  COMPANY_MAIL_DOMAIN: 'console.example.jp',
  ROOT_ACCOUNT_EMAIL: 'root@console.example.jp',
  SENDGRID_API_KEY: 'SG.key',
  STORAGE_BUCKET: 'console-uploads',
  SECRET_SEALING_KEYS: `k1:${randomBytes(32).toString('base64')}`,
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
    ['without SECRET_SEALING_KEYS', { SECRET_SEALING_KEYS: undefined }, 'Missing environment variable SECRET_SEALING_KEYS (required when APP_ENV is prod'],
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

  describe('secrets kept to be used (webhook signing secrets, SSO client secrets) sealed with SECRET_SEALING_KEYS (AES-256-GCM, key id for rotation)', () => {
    const key = () => randomBytes(32).toString('base64');

    it('refuses a malformed list without ever showing a key', () => {
      const short = randomBytes(16).toString('base64');
      for (const value of [`k1:${short}`, 'k1', `k 1:${key()}`, `k1:${key()}:x`, `k1:${key()},k2:${short}`]) {
        const load = () => loadConfig({ ...prodEnv, SECRET_SEALING_KEYS: value });
        expect(load).toThrow('Environment variable SECRET_SEALING_KEYS must be a comma-separated list of <key id>:<32 bytes in base64>');
        expect(load).not.toThrow(short);
      }
      expect(() => loadConfig({ ...prodEnv, SECRET_SEALING_KEYS: `k1:${key()},k1:${key()}` })).toThrow('must name each key id once');
    });

    it('seals with the first key, opens with any key listed, and refuses a value altered or sealed with a key no longer listed', () => {
      const [older, newer] = [key(), key()];
      const before = new SecretCipher(loadConfig({ ...prodEnv, SECRET_SEALING_KEYS: `k1:${older}` }));
      const after = new SecretCipher(loadConfig({ ...prodEnv, SECRET_SEALING_KEYS: `k2:${newer},k1:${older}` }));
      const secret = 'whsec_' + randomBytes(32).toString('base64');
      const sealedBefore = before.seal(secret);
      expect(sealedBefore).toMatch(/^v1\.k1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
      expect(sealedBefore).not.toContain(secret.slice(6, 20));
      expect(sealedBefore.length).toBeLessThanOrEqual(400);
      expect(after.open(sealedBefore)).toBe(secret);
      const sealedAfter = after.seal(secret);
      expect(sealedAfter.startsWith('v1.k2.')).toBe(true);
      expect(sealedAfter).not.toBe(after.seal(secret));
      expect(after.open(sealedAfter)).toBe(secret);
      expect(() => before.open(sealedAfter)).toThrow('the secret is sealed with key "k2", which SECRET_SEALING_KEYS does not list');
      const parts = sealedAfter.split('.');
      const altered = [...parts.slice(0, 4), Buffer.from('whsec_forged').toString('base64url')].join('.');
      expect(() => after.open(altered)).toThrow('the secret sealed with key "k2" cannot be opened');
      // A value sealed with another key under the same id is refused the same way.
      const impostor = new SecretCipher(loadConfig({ ...prodEnv, SECRET_SEALING_KEYS: `k2:${key()}` }));
      expect(() => after.open(impostor.seal(secret))).toThrow('the secret sealed with key "k2" cannot be opened');
      // Secrets written before sealing are opened as they are, until they are saved again.
      expect(after.open(secret)).toBe(secret);
    });

    it('uses a fixed local key without the setting in dev and test, so that sealed secrets survive a restart', () => {
      const test = { ...prodEnv, APP_ENV: 'test', SECRET_SEALING_KEYS: undefined };
      const sealed = new SecretCipher(loadConfig(test)).seal('whsec_abc');
      expect(sealed.startsWith('v1.local.')).toBe(true);
      expect(new SecretCipher(loadConfig(test)).open(sealed)).toBe('whsec_abc');
    });
  });
});
