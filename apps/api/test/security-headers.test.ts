import { createCaller, type Caller } from './support/fixtures';
import { call, postRaw, startApi, type TestApi } from './support/harness';

/** Headers every answer of the API carries (common/http/security-headers.ts). */
function expectSecurityHeaders(headers: Headers): void {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-powered-by')).toBeNull();
  expect(headers.get('server')).toBeNull();
}

describe('security headers', () => {
  let api: TestApi;
  let caller: Caller;

  beforeAll(async () => {
    api = await startApi();
    caller = await createCaller(api);
  });

  afterAll(async () => {
    await api.close();
  });

  it('answers an authenticated call with nosniff, CSP, frame-ancestors and Cache-Control: no-store', async () => {
    const response = await call(api, '/account/get', undefined, caller.token);
    expect(response.status).toBe(200);
    expectSecurityHeaders(response.headers);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-site');
  });

  it('sends the same headers on errors, unknown routes and health checks', async () => {
    const unauthenticated = await call(api, '/account/get');
    expect(unauthenticated.status).toBe(401);
    const malformed = await postRaw(api, '/account/update', 'application/json', '{', caller.token);
    expect(malformed.status).toBe(400);
    const unknown = await call(api, '/no/such/route', {}, caller.token);
    expect(unknown.status).toBe(404);
    const health = await fetch(`${api.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    for (const headers of [unauthenticated.headers, malformed.headers, unknown.headers, health.headers]) {
      expectSecurityHeaders(headers);
      expect(headers.get('cache-control')).toBe('no-store');
    }
  });

  it('sends HSTS outside development only', async () => {
    const response = await fetch(`${api.baseUrl}/healthz`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    const dev = await startApi({ APP_ENV: 'dev' });
    try {
      const devResponse = await fetch(`${dev.baseUrl}/healthz`);
      expect(devResponse.status).toBe(200);
      expect(devResponse.headers.get('strict-transport-security')).toBeNull();
      expectSecurityHeaders(devResponse.headers);
    } finally {
      await dev.close();
    }
  });
});
