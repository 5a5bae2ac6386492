import { ssoCompletionUrl } from '@console/domain';
import { readEnv, shouldUseAuthEmulator } from '@/config/read-env';
import { absolutePath, paths, productHref } from '@/config/paths';
import { parseProductMap } from '@/lib/storage';

describe('environment', () => {
  it('defaults the API base URL to /api and the environment to prod', () => {
    const env = readEnv({});
    expect(env.apiBaseUrl).toBe('/api');
    expect(env.appEnv).toBe('prod');
    expect(env.authEmulatorUrl).toBeUndefined();
  });

  it('reads every VITE_ variable', () => {
    const env = readEnv({
      VITE_FIREBASE_API_KEY: 'k',
      VITE_FIREBASE_AUTH_DOMAIN: 'd',
      VITE_FIREBASE_PROJECT_ID: 'p',
      VITE_FIREBASE_STORAGE_BUCKET: 's',
      VITE_FIREBASE_MESSAGING_SENDER_ID: 'm',
      VITE_FIREBASE_APP_ID: 'a',
      VITE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
      VITE_API_BASE_URL: 'https://api.example.jp/',
      VITE_API_TIMEOUT_MS: '2500',
      VITE_APP_ENV: 'dev',
    });
    expect(env).toEqual({
      appEnv: 'dev',
      firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p', storageBucket: 's', messagingSenderId: 'm', appId: 'a' },
      authEmulatorUrl: 'http://127.0.0.1:9099',
      apiBaseUrl: 'https://api.example.jp',
      apiTimeoutMs: 2500,
    });
  });

  it('uses the auth emulator only when configured and not in a prod build', () => {
    expect(shouldUseAuthEmulator(readEnv({ VITE_AUTH_EMULATOR_URL: 'http://x', VITE_APP_ENV: 'test' }), false)).toBe(true);
    expect(shouldUseAuthEmulator(readEnv({ VITE_AUTH_EMULATOR_URL: 'http://x' }), false)).toBe(false);
    expect(shouldUseAuthEmulator(readEnv({ VITE_AUTH_EMULATOR_URL: 'http://x' }), true)).toBe(true);
    expect(shouldUseAuthEmulator(readEnv({ VITE_APP_ENV: 'dev' }), true)).toBe(false);
  });
});

describe('paths', () => {
  it('builds links carrying the sign-in search values', () => {
    expect(paths.auth.signUp.getHref({ invitation: 'abc', page: 'sign-up' })).toBe('/sign-up?invitation=abc&page=sign-up');
    expect(paths.auth.login.getHref({})).toBe('/login');
    // The page the API's SSO callback leads to (docs/product-rules.md#single-sign-on).
    expect(absolutePath(paths.auth.sso.getHref())).toBe(new URL(ssoCompletionUrl('http://localhost', {})).pathname);
    expect(paths.invitation.getHref('abc')).toBe('/invitations/abc');
    expect(paths.organizationSettings.project.getHref('org00001', 'prj00001')).toBe('/organizations/org00001/settings/projects/prj00001');
    expect(absolutePath(paths.systemAdmin.root.getHref())).toBe('/auth/system-admin');
  });

  it("builds a product's full-page path with the project id", () => {
    expect(productHref('/knowledge/', 'prj00001')).toBe('/knowledge/?projectId=prj00001');
    expect(productHref('/knowledge', 'a b')).toBe('/knowledge/?projectId=a%20b');
  });

  it('reads the remembered product map defensively', () => {
    expect(parseProductMap('{"prj00001":"knowledge","x":1}')).toEqual({ prj00001: 'knowledge' });
    expect(parseProductMap('not json')).toEqual({});
    expect(parseProductMap('[]')).toEqual({});
    expect(parseProductMap(null)).toEqual({});
  });
});
