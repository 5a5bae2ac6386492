import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { READ_CALL_KEY } from '../src/common/http/read-call';
import { ConfigError, loadConfig } from '../src/config/app-config';
import {
  addOrganizationMember,
  createCaller,
  createOrganization,
  uniqueEmail,
  type Caller,
  type ErrorBodyShape,
  type OrganizationFixture,
} from './support/fixtures';
import { call, startApi, type CallResult, type TestApi } from './support/harness';
import { discoverRoutes } from './support/routes';

/** The Redis every instance of a test shares. */
const REDIS_URL = process.env.TEST_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
/** This run's keys; each test adds its own segment so that counters (all of 127.0.0.1) never meet. */
const RUN_PREFIX = `console:rl:test-${randomBytes(4).toString('hex')}:`;

const RATE_LIMITED_BODY = { name: 'ConsoleError', errorCode: 'RATE_LIMITED', message: 'リクエストが多すぎます。しばらくしてから再度お試しください' };
const KNOWLEDGE_KEY = 'knowledge-key-for-the-rate-limits';

function expectRateLimited(result: CallResult, maxRetryAfterSeconds: number): void {
  expect(result.status).toBe(429);
  expect(result.body).toEqual(RATE_LIMITED_BODY);
  const retryAfter = Number(result.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfterSeconds);
}

function statuses(results: readonly CallResult[]): number[] {
  return results.map((r) => r.status).sort((a, b) => a - b);
}

describe('rate limits', () => {
  let redis: Redis;
  const started: TestApi[] = [];
  let testNumber = 0;
  let prefix: string;

  /** Starts an API instance, stopped after the test. */
  async function start(overrides: Record<string, string>): Promise<TestApi> {
    const api = await startApi({ MAIL_WORKER_ENABLED: 'false', SUBSYSTEM_KEYS: `knowledge:${KNOWLEDGE_KEY}`, ...overrides });
    started.push(api);
    return api;
  }

  /** An API instance counting in the shared Redis under this test's prefix. */
  function startShared(limits: Record<string, string>): Promise<TestApi> {
    return start({ REDIS_URL, RATE_LIMIT_KEY_PREFIX: prefix, ...limits });
  }

  /** An organization and one of its admins, who may invite. */
  async function organizationWithAdmin(api: TestApi): Promise<{ organization: OrganizationFixture; admin: Caller }> {
    const [organization, admin] = await Promise.all([createOrganization(api), createCaller(api)]);
    await addOrganizationMember(api, admin.id, organization, 'admin');
    return { organization, admin };
  }

  function invite(api: TestApi, organization: OrganizationFixture, admin: Caller, emails: string[]): Promise<CallResult<ErrorBodyShape>> {
    return call<ErrorBodyShape>(
      api,
      '/organization/inviteMembers',
      { organizationId: organization.organization.id, emails, props: { roleId: organization.memberRole.id, projects: [] } },
      admin.token,
    );
  }

  async function invitationCount(api: TestApi, organization: OrganizationFixture): Promise<number> {
    const [row] = await api.app
      .get(DataSource)
      .query<{ count: number }[]>(`SELECT count(*)::int AS count FROM invitations WHERE organization_id = $1`, [organization.organization.id]);
    return row!.count;
  }

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
    } catch (error) {
      throw new Error(`The rate-limit tests need a Redis server at ${REDIS_URL} (TEST_REDIS_URL)`, { cause: error });
    }
  });
  beforeEach(() => {
    testNumber += 1;
    prefix = `${RUN_PREFIX}${testNumber}:`;
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((api) => api.close()));
  });
  afterAll(async () => {
    const keys = await redis.keys(`${RUN_PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('limits calls without credentials per client IP: beyond the limit 429 RATE_LIMITED with Retry-After; health checks and signed-in calls go on', async () => {
    const api = await startShared({ RATE_LIMIT_IP_PER_MINUTE: '3', TRUSTED_PROXIES: '127.0.0.1' });
    const caller = await createCaller(api);
    const anonymous = [];
    for (let i = 0; i < 3; i += 1) anonymous.push(await call(api, '/account/get'));
    expect(anonymous.map((r) => r.status)).toEqual([401, 401, 401]);

    expectRateLimited(await call(api, '/account/get'), 60);
    expectRateLimited(await call(api, '/no/such/call'), 60);
    // Another client behind the trusted proxy has its own allowance.
    expect((await call(api, '/account/get', undefined, undefined, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(401);
    expect((await fetch(`${api.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${api.baseUrl}/readyz`)).status).toBe(200);
    expect((await call(api, '/account/get', undefined, caller.token)).status).toBe(200);
    expect(await redis.get(`${prefix}ip:127.0.0.1`)).toBe('5');
  });

  it('trusts no proxy unless TRUSTED_PROXIES names it: addresses a client writes into X-Forwarded-For neither dodge the limit nor reach the audit log', async () => {
    const api = await startShared({ RATE_LIMIT_IP_PER_MINUTE: '3' });
    const forged = (address: string) => call(api, '/account/get', undefined, undefined, { 'x-forwarded-for': address });
    for (const address of ['198.51.100.1', '198.51.100.1', '198.51.100.1']) expect((await forged(address)).status).toBe(401);
    expectRateLimited(await forged('198.51.100.1'), 60);
    for (const address of ['198.51.100.2', '198.51.100.3', '203.0.113.1']) expectRateLimited(await forged(address), 60);
    expect(await redis.get(`${prefix}ip:127.0.0.1`)).toBe('7');

    // The audit log records the address the limit counts.
    const caller = await createCaller(api);
    const requestId = `forged-${randomBytes(4).toString('hex')}`;
    expect((await call(api, '/account/update', { name: '名前' }, caller.token, { 'x-forwarded-for': '198.51.100.1', 'x-request-id': requestId })).status).toBe(
      200,
    );
    const [event] = await api.app.get(DataSource).query<{ ip: string }[]>('SELECT ip FROM audit_events WHERE request_id = $1', [requestId]);
    expect(event?.ip).toBe('127.0.0.1');
  });

  it('takes the client IP from the entry the proxy appended to X-Forwarded-For, not from entries the client wrote itself', async () => {
    const api = await startShared({ RATE_LIMIT_IP_PER_MINUTE: '2', TRUSTED_PROXIES: '127.0.0.1' });
    // This test's fetch, from loopback, stands for the proxy (TRUSTED_PROXIES): it appends the address it saw, 203.0.113.9.
    const viaProxy = (clientWritten: string[]) =>
      call(api, '/account/get', undefined, undefined, { 'x-forwarded-for': [...clientWritten, '203.0.113.9'].join(', ') });
    expect((await viaProxy([])).status).toBe(401);
    expect((await viaProxy(['198.51.100.1'])).status).toBe(401);
    expectRateLimited(await viaProxy(['198.51.100.2']), 60);
    expectRateLimited(await viaProxy(['198.51.100.3', '198.51.100.4']), 60);
    expect(await redis.get(`${prefix}ip:203.0.113.9`)).toBe('4');
  });

  it('limits /session/introspect per client IP, whatever credentials the caller adds', async () => {
    const api = await startShared({ RATE_LIMIT_IP_PER_MINUTE: '2' });
    const caller = await createCaller(api);
    const introspect = (headers: Record<string, string> = {}) =>
      call(api, '/session/introspect', { sessionCookie: 'not-a-session' }, undefined, { 'x-console-subsystem-key': KNOWLEDGE_KEY, ...headers });
    expect((await introspect()).status).toBe(401);
    expect((await introspect({ authorization: `Bearer ${caller.token}` })).status).toBe(401);
    expectRateLimited(await introspect({ authorization: `Bearer ${caller.token}` }), 60);
    expectRateLimited(await introspect(), 60);
  });

  describe('failed authentication', () => {
    const INVALID_TOKEN = 'not-a-valid-id-token';

    it('is limited per client IP: invalid bearer tokens, session cookies and subsystem keys count; beyond the limit 429 with Retry-After, valid credentials of that IP included; other IPs go on', async () => {
      const api = await startShared({ RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '3', TRUSTED_PROXIES: '127.0.0.1' });
      const caller = await createCaller(api);
      // This test's fetch stands for the trusted proxy, appending the address of the client it serves.
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      const attacker = from('203.0.113.1');
      const badCookie = { ...attacker, cookie: `${api.config.deployment.sessionCookieName}=not-a-session-cookie`, origin: api.config.appOrigin };
      expect((await call(api, '/account/get', undefined, INVALID_TOKEN, attacker)).status).toBe(401);
      expect((await call(api, '/account/get', undefined, undefined, badCookie)).status).toBe(401);
      expect(
        (await call(api, '/session/introspect', { sessionCookie: 'x' }, undefined, { ...attacker, 'x-console-subsystem-key': 'not-the-knowledge-key' })).status,
      ).toBe(401);

      expectRateLimited(await call(api, '/account/get', undefined, INVALID_TOKEN, attacker), 60);
      expectRateLimited(await call(api, '/account/get', undefined, undefined, badCookie), 60);
      expectRateLimited(
        await call(api, '/session/introspect', { sessionCookie: 'x' }, undefined, { ...attacker, 'x-console-subsystem-key': KNOWLEDGE_KEY }),
        60,
      );
      expectRateLimited(await call(api, '/account/get', undefined, caller.token, attacker), 60);
      // Calls without credentials are not authentications.
      expect((await call(api, '/account/get', undefined, undefined, attacker)).status).toBe(401);

      const other = from('203.0.113.2');
      expect((await call(api, '/account/get', undefined, caller.token, other)).status).toBe(200);
      expect((await call(api, '/account/get', undefined, INVALID_TOKEN, other)).status).toBe(401);
    });

    it('cannot be dodged with X-Forwarded-For written by the client', async () => {
      const api = await startShared({ RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '3' });
      const results = [];
      for (let i = 1; i <= 6; i += 1) results.push(await call(api, '/account/get', undefined, INVALID_TOKEN, { 'x-forwarded-for': `198.51.100.${i}` }));
      expect(results.map((r) => r.status)).toEqual([401, 401, 401, 429, 429, 429]);
      for (const result of results.slice(3)) expectRateLimited(result, 60);
    });
  });

  it('limits write calls per account; reads and other accounts are not held back', async () => {
    const api = await startShared({ RATE_LIMIT_ACCOUNT_WRITES_PER_MINUTE: '3' });
    const [caller, other] = await Promise.all([createCaller(api), createCaller(api)]);
    const update = (who: Caller, name: string) => call(api, '/account/update', { name }, who.token);
    for (const name of ['一', '二', '三']) expect((await update(caller, name)).status).toBe(200);

    expectRateLimited(await update(caller, '四'), 60);
    expect((await call<{ name: string }>(api, '/account/get', undefined, caller.token)).body.name).toBe('三');
    expect((await call(api, '/organization/listOfAccount', undefined, caller.token)).status).toBe(200);
    expect((await update(other, '別の人')).status).toBe(200);
    expect(await redis.get(`${prefix}account:${caller.id}`)).toBe('4');
  });

  it('caps the addresses invited per organization and UTC day; a call that would pass the cap invites nobody', async () => {
    const api = await startShared({ INVITATIONS_PER_ORGANIZATION_PER_DAY: '5' });
    const { organization, admin } = await organizationWithAdmin(api);
    const elsewhere = await organizationWithAdmin(api);

    // An invalid address invites nobody and does not count.
    expect((await invite(api, organization, admin, [uniqueEmail(), uniqueEmail(), uniqueEmail(), 'not-an-address'])).status).toBe(200);
    const refused = await invite(api, organization, admin, [uniqueEmail(), uniqueEmail(), uniqueEmail()]);
    const now = new Date();
    const secondsToMidnight = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
    expectRateLimited(refused, 86_400);
    expect(Math.abs(Number(refused.headers.get('retry-after')) - secondsToMidnight)).toBeLessThan(60);
    expect(await invitationCount(api, organization)).toBe(3);

    expect((await invite(api, organization, admin, [uniqueEmail(), uniqueEmail()])).status).toBe(200);
    expectRateLimited(await invite(api, organization, admin, [uniqueEmail()]), 86_400);
    expect(await invitationCount(api, organization)).toBe(5);
    expect((await invite(api, elsewhere.organization, elsewhere.admin, [uniqueEmail()])).status).toBe(200);

    const key = `${prefix}invitations:${organization.organization.id}:${now.toISOString().slice(0, 10)}`;
    expect(await redis.get(key)).toBe('5');
    expect(await redis.ttl(key)).toBeGreaterThan(86_400);
  });

  describe('two API instances sharing Redis', () => {
    it('enforce one limit per client IP: of 6 anonymous calls to each, with a limit of 10, exactly 10 get through', async () => {
      const [first, second] = await Promise.all([startShared({ RATE_LIMIT_IP_PER_MINUTE: '10' }), startShared({ RATE_LIMIT_IP_PER_MINUTE: '10' })]);
      const results = await Promise.all([first, second].flatMap((api) => Array.from({ length: 6 }, () => call(api, '/account/get'))));
      expect(statuses(results)).toEqual([...Array<number>(10).fill(401), 429, 429]);
      for (const result of results.filter((r) => r.status === 429)) expectRateLimited(result, 60);
    });

    it('enforce one limit per account: of 6 writes on each, with a limit of 10, exactly 10 get through', async () => {
      const [first, second] = await Promise.all([
        startShared({ RATE_LIMIT_ACCOUNT_WRITES_PER_MINUTE: '10' }),
        startShared({ RATE_LIMIT_ACCOUNT_WRITES_PER_MINUTE: '10' }),
      ]);
      const caller = await createCaller(first);
      const results = await Promise.all(
        [first, second].flatMap((api) => Array.from({ length: 6 }, (_, i) => call(api, '/account/update', { name: `名前${i}` }, caller.token))),
      );
      expect(statuses(results)).toEqual([...Array<number>(10).fill(200), 429, 429]);
    });

    it('enforce one limit of failed authentications per client IP: of 6 invalid tokens sent to each, with a limit of 5, exactly 5 answer 401', async () => {
      const [first, second] = await Promise.all([
        startShared({ RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '5' }),
        startShared({ RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '5' }),
      ]);
      const results = await Promise.all(
        [first, second].flatMap((api) => Array.from({ length: 6 }, (_, i) => call(api, '/account/get', undefined, `not-a-valid-id-token-${i}`))),
      );
      expect(statuses(results)).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)]);
    });

    it('enforce one daily invitation cap per organization: of 6 invitations through each, with a cap of 10, exactly 10 are made', async () => {
      const [first, second] = await Promise.all([
        startShared({ INVITATIONS_PER_ORGANIZATION_PER_DAY: '10' }),
        startShared({ INVITATIONS_PER_ORGANIZATION_PER_DAY: '10' }),
      ]);
      const { organization, admin } = await organizationWithAdmin(first);
      const results = await Promise.all([first, second].flatMap((api) => Array.from({ length: 6 }, () => invite(api, organization, admin, [uniqueEmail()]))));
      expect(statuses(results)).toEqual([...Array<number>(10).fill(200), 429, 429]);
      expect(await invitationCount(first, organization)).toBe(10);
    });
  });

  it('counts in memory without REDIS_URL: each instance on its own, nothing in Redis', async () => {
    const limits = {
      REDIS_URL: '',
      RATE_LIMIT_KEY_PREFIX: prefix,
      RATE_LIMIT_IP_PER_MINUTE: '2',
      RATE_LIMIT_ACCOUNT_WRITES_PER_MINUTE: '3',
      INVITATIONS_PER_ORGANIZATION_PER_DAY: '2',
    };
    const [first, second] = await Promise.all([start(limits), start(limits)]);
    expect(first.config.rateLimit.redisUrl).toBeUndefined();
    for (let i = 0; i < 2; i += 1) expect((await call(first, '/account/get')).status).toBe(401);
    expectRateLimited(await call(first, '/account/get'), 60);
    expect((await call(second, '/account/get')).status).toBe(401);

    const { organization, admin } = await organizationWithAdmin(first);
    for (const name of ['一', '二', '三']) expect((await call(first, '/account/update', { name }, admin.token)).status).toBe(200);
    expectRateLimited(await call(first, '/account/update', { name: '四' }, admin.token), 60);
    expect((await call(second, '/account/update', { name: '四' }, admin.token)).status).toBe(200);

    // The third write of the account on this instance, so the invitation cap is what refuses it.
    expect((await invite(second, organization, admin, [uniqueEmail(), uniqueEmail()])).status).toBe(200);
    expectRateLimited(await invite(second, organization, admin, [uniqueEmail()]), 86_400);
    expect(await invitationCount(second, organization)).toBe(2);
    expect(await redis.keys(`${prefix}*`)).toEqual([]);
  });

  describe('without a reachable Redis calls are answered, not limited (fail open)', () => {
    /** Every kind of limited call, three times with limits of 1: none is refused, none fails. */
    async function expectUnlimited(api: TestApi): Promise<void> {
      const { organization, admin } = await organizationWithAdmin(api);
      const results: CallResult[] = [];
      for (let i = 0; i < 3; i += 1) {
        results.push(await call(api, '/account/get'));
        results.push(await call(api, '/account/update', { name: `名前${i}` }, admin.token));
        results.push(await invite(api, organization, admin, [uniqueEmail()]));
      }
      expect(results.map((r) => r.status)).toEqual([401, 200, 200, 401, 200, 200, 401, 200, 200]);
      expect((await fetch(`${api.baseUrl}/readyz`)).status).toBe(200);
    }

    const limits = { RATE_LIMIT_IP_PER_MINUTE: '1', RATE_LIMIT_ACCOUNT_WRITES_PER_MINUTE: '1', INVITATIONS_PER_ORGANIZATION_PER_DAY: '1' };

    it('refusing connections (redis://127.0.0.1:1)', async () => {
      const api = await start({ ...limits, REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_KEY_PREFIX: prefix });
      await expectUnlimited(api);
    });

    it('accepting connections but never answering: the API starts within the connect timeout and answers', async () => {
      const sockets = new Set<Socket>();
      const silent: Server = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const address = silent.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      try {
        const startedAt = Date.now();
        const api = await start({ ...limits, REDIS_URL: `redis://127.0.0.1:${address.port}`, RATE_LIMIT_KEY_PREFIX: prefix });
        expect(Date.now() - startedAt).toBeLessThan(10_000);
        await expectUnlimited(api);
      } finally {
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => silent.close(() => resolve()));
      }
    });
  });

  it('tells reads (@ReadCall) from writes: every route classified', async () => {
    const api = await start({});
    const writes = discoverRoutes(api, (handler) => Reflect.getMetadata(READ_CALL_KEY, handler) !== true).filter((route) => route.startsWith('POST '));
    expect(writes).toEqual([
      'POST /account/assignOrganizationRole',
      'POST /account/assignProjectRole',
      'POST /account/create',
      'POST /account/delete',
      'POST /account/joinByDomain',
      'POST /account/secondFactor/enrolled',
      'POST /account/secondFactor/removed',
      'POST /account/update',
      'POST /account/updateEmail',
      'POST /account/uploadProfileImage',
      'POST /auth/sso/exchange',
      'POST /invitation/accept',
      'POST /invitation/cancel',
      'POST /joinRequest/create',
      'POST /organization/delete',
      'POST /organization/domain/add',
      'POST /organization/domain/remove',
      'POST /organization/domain/setJoinPolicy',
      'POST /organization/domain/verify',
      'POST /organization/export',
      'POST /organization/importMembers',
      'POST /organization/inviteMembers',
      'POST /organization/joinRequest/approve',
      'POST /organization/joinRequest/decline',
      'POST /organization/removeMember',
      'POST /organization/resendInvitation',
      'POST /organization/sso/remove',
      'POST /organization/sso/save',
      'POST /organization/update',
      'POST /organization/updateSecurity',
      'POST /organization/uploadProfileImage',
      'POST /project/removeMember',
      'POST /project/update',
      'POST /session/login',
      'POST /session/logout',
      'POST /session/passwordChanged',
      'POST /session/revoke',
      'POST /session/revokeOthers',
      'POST /system-admin/organization/create',
      'POST /system-admin/project/create',
      'POST /systemAdmin/account/updateIsSystemAdmin',
      'POST /systemAdmin/domain/verify',
      'POST /systemAdmin/email/requeue',
      'POST /systemAdmin/organization/restore',
      'POST /systemAdmin/organizationKarteMapping/upsert',
      'POST /systemAdmin/projectKarteMapping/upsert',
      'POST /systemAdmin/serviceCredential/create',
      'POST /systemAdmin/serviceCredential/revoke',
      'POST /systemAdmin/serviceCredential/revokeSecret',
      'POST /systemAdmin/serviceCredential/rotate',
      'POST /systemAdmin/sso/disable',
    ]);
  });
});

describe('configuration of the rate limits', () => {
  const env = {
    APP_ENV: 'test',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
    FIREBASE_PROJECT_ID: 'demo-x',
    COMPANY_MAIL_DOMAIN: 'console.example.jp',
    ROOT_ACCOUNT_EMAIL: 'root@console.example.jp',
  };

  it('counts in memory with production limits unless configured', () => {
    const config = loadConfig(env);
    expect(config.rateLimit).toEqual({
      redisUrl: undefined,
      keyPrefix: 'console:rl:',
      ipPerMinute: 300,
      accountWritesPerMinute: 60,
      authFailuresPerMinute: 30,
      invitationsPerOrganizationPerDay: 300,
    });
    expect(config.trustedProxies).toEqual([]);
    expect(loadConfig({ ...env, TRUSTED_PROXIES: 'loopback' }).trustedProxies).toEqual(['loopback']);
    expect(loadConfig({ ...env, REDIS_URL: 'rediss://user:secret@redis.internal:6380/2', TRUSTED_PROXIES: '10.0.0.0/8, 35.191.0.0/16,::1' })).toMatchObject({
      rateLimit: { redisUrl: 'rediss://user:secret@redis.internal:6380/2' },
      trustedProxies: ['10.0.0.0/8', '35.191.0.0/16', '::1'],
    });
  });

  it.each([
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
    [{ RATE_LIMIT_IP_PER_MINUTE: '0' }, 'RATE_LIMIT_IP_PER_MINUTE must be an integer from 1'],
    [{ RATE_LIMIT_ACCOUNT_WRITES_PER_MINUTE: 'many' }, 'RATE_LIMIT_ACCOUNT_WRITES_PER_MINUTE must be an integer'],
    [{ INVITATIONS_PER_ORGANIZATION_PER_DAY: '-1' }, 'INVITATIONS_PER_ORGANIZATION_PER_DAY must be an integer'],
    [{ RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '0' }, 'RATE_LIMIT_AUTH_FAILURES_PER_MINUTE must be an integer from 1'],
    [{ TRUSTED_PROXIES: 'nginx' }, 'TRUSTED_PROXIES must be a comma-separated list'],
  ])('refuses %j naming the variable', (override, message) => {
    expect(() => loadConfig({ ...env, ...override })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, ...override })).toThrow(message);
  });
});
