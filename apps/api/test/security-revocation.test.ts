import { ERROR_MESSAGES, ROOT_ACCOUNT_ID } from '@console/domain';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { DataSource } from 'typeorm';
import { FirebaseAuthService } from '../src/common/auth/firebase-auth.service';
import { isRefused, RevocationCheck, type UserStanding } from '../src/common/auth/revocation';
import { ConfigError, loadConfig } from '../src/config/app-config';
import { AccountRepository } from '../src/modules/account/account.repository';
import { isRecentSignIn, RECENT_SIGN_IN_MS } from '../src/modules/session/session-cookie';
import { createCaller, createSystemAdmin, uniqueEmail, verifyEmail, type AccountBody, type Caller } from './support/fixtures';
import { call, resetPassword, signInUser, signUpUser, startApi, type TestApi } from './support/harness';

/** How long the instances of these tests trust what the identity provider said about a user. */
const INTERVAL_MS = 500;
/** How old that may be while the identity provider cannot be reached. */
const MAX_STALENESS_MS = 2500;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the clock is in a later second than now (the identity provider's revocation has second granularity). */
async function nextSecond(): Promise<void> {
  await sleep(1050 - (Date.now() % 1000));
}

/**
 * An HTTP proxy in front of the Auth Emulator through which the API reaches it: counts the calls by
 * Identity Toolkit method (accounts:lookup is firebase-admin's getUser), and can be cut (connections
 * refused, as to an unreachable identity provider) and restored on the same address.
 */
class IdentityProviderProxy {
  private readonly server: Server;
  private readonly counts = new Map<string, number>();
  private port = 0;
  host = '';

  constructor(target: { hostname: string; port: number }) {
    this.server = createServer((req, res) => {
      const method = /accounts:(\w+)/.exec(req.url ?? '')?.[1] ?? req.url ?? '';
      this.counts.set(method, (this.counts.get(method) ?? 0) + 1);
      const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    this.port = address.port;
    this.host = `127.0.0.1:${address.port}`;
  }

  cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    return closed;
  }

  /** Calls made so far: of one method, or of all. */
  calls(method?: string): number {
    if (method !== undefined) return this.counts.get(method) ?? 0;
    return [...this.counts.values()].reduce((sum, n) => sum + n, 0);
  }
}

function cookieValue(setCookie: string, name: string): string {
  const match = new RegExp(`(?:^|, )${name}=([^;]*)`).exec(setCookie);
  if (!match?.[1]) throw new Error(`no ${name} cookie in ${setCookie}`);
  return match[1];
}

/** An unsigned ID token as the Auth Emulator issues them (firebase-admin accepts them only with the emulator configured). */
function emulatorIdToken(projectId: string, user: { uid: string; email: string }, authTimeSeconds: number): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: authTimeSeconds,
    user_id: user.uid,
    sub: user.uid,
    iat: now,
    exp: now + 3600,
    email: user.email,
    email_verified: false,
    firebase: { identities: { email: [user.email] }, sign_in_provider: 'password' },
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}

describe('security hardening', () => {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  let idp: IdentityProviderProxy;
  /** An instance that asks the identity provider again after INTERVAL_MS. */
  let api: TestApi;
  /** Another instance (replica) of the same API. */
  let replica: TestApi;
  let cookieName: string;

  beforeAll(async () => {
    const target = new URL(`http://${emulatorHost}`);
    idp = new IdentityProviderProxy({ hostname: target.hostname, port: Number(target.port) });
    await idp.start();
    // The first instance of this file sets where firebase-admin (and the harness) reach the emulator: through the proxy.
    const overrides = {
      FIREBASE_AUTH_EMULATOR_HOST: idp.host,
      REVOCATION_CHECK_INTERVAL_MS: String(INTERVAL_MS),
      REVOCATION_MAX_STALENESS_MS: String(MAX_STALENESS_MS),
      IDENTITY_TIMEOUT_MS: '1000',
      MAIL_WORKER_ENABLED: 'false',
    };
    api = await startApi(overrides);
    replica = await startApi(overrides);
    cookieName = api.config.deployment.sessionCookieName;
  });

  afterAll(async () => {
    await Promise.all([api.close(), replica.close()]);
    await idp.cut();
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  });

  const admin = () => api.app.get(FirebaseAuthService).auth;

  async function login(on: TestApi, idToken: string): Promise<string> {
    const result = await call(on, '/session/login', undefined, idToken);
    expect(result.status).toBe(200);
    return cookieValue(result.headers.get('set-cookie') ?? '', cookieName);
  }

  /** The status of /account/get with the ID token, and with the session cookie when given. */
  async function statuses(on: TestApi, token: string, cookie?: string): Promise<number[]> {
    const withToken = (await call(on, '/account/get', undefined, token)).status;
    if (cookie === undefined) return [withToken];
    const withCookie = (await call(on, '/account/get', undefined, undefined, { cookie: `${cookieName}=${cookie}`, origin: on.config.appOrigin })).status;
    return [withToken, withCookie];
  }

  describe('revocation', () => {
    it('makes no call to the identity provider per request: one lookup per user and interval, also for concurrent requests', async () => {
      const hot = await startApi({ FIREBASE_AUTH_EMULATOR_HOST: idp.host, REVOCATION_CHECK_INTERVAL_MS: '60000', MAIL_WORKER_ENABLED: 'false' });
      try {
        const user = await signUpUser();
        // A second ID token of the same user (another sign-in, as on a second device).
        await nextSecond();
        const second = await signInUser(user.email, user.password);
        expect(second).not.toBe(user.idToken);
        const [before, lookupsBefore] = [idp.calls(), idp.calls('lookup')];
        const results = await Promise.all(Array.from({ length: 20 }, (_, i) => call(hot, '/account/get', undefined, i % 2 === 0 ? user.idToken : second)));
        for (let i = 0; i < 20; i += 1) results.push(await call(hot, '/account/get', undefined, i % 2 === 0 ? user.idToken : second));
        expect(results.map((r) => r.status)).toEqual(Array.from({ length: 40 }, () => 200));
        // 40 requests with two tokens, one call: the user's lookup (firebase-admin's getUser).
        expect(idp.calls() - before).toBe(1);
        expect(idp.calls('lookup') - lookupsBefore).toBe(1);

        // The session cookie: minting it is a call; using it is none.
        const cookie = await login(hot, second);
        const afterLogin = idp.calls();
        for (let i = 0; i < 20; i += 1) expect(await statuses(hot, second, cookie)).toEqual([200, 200]);
        expect(idp.calls()).toBe(afterLogin);
      } finally {
        await hot.close();
      }
    });

    it('uses the last known state while the identity provider is unreachable, up to REVOCATION_MAX_STALENESS_MS, then answers 503 (never 401)', async () => {
      const known = await createCaller(api);
      const unknown = await signUpUser();
      expect(await statuses(api, known.token)).toEqual([200]);
      const answeredAt = Date.now();
      await idp.cut();
      try {
        await sleep(INTERVAL_MS + 50);
        expect(await statuses(api, known.token)).toEqual([200]);

        const never = await call(api, '/account/get', undefined, unknown.idToken);
        expect(never.status).toBe(503);
        expect(never.body).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE' });

        await sleep(Math.max(0, answeredAt + MAX_STALENESS_MS + 50 - Date.now()));
        expect(await statuses(api, known.token)).toEqual([503]);
      } finally {
        await idp.start();
      }
      expect(await statuses(api, known.token)).toEqual([200]);
      expect(await statuses(api, unknown.idToken)).toEqual([200]);
    });

    it('answers 503, not 500, to a logout while the identity provider is unreachable', async () => {
      const user = await createCaller(api);
      expect(await statuses(api, user.token)).toEqual([200]);
      await idp.cut();
      try {
        const logout = await call(api, '/session/logout', undefined, user.token);
        expect(logout.status).toBe(503);
        expect(logout.body).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE' });
      } finally {
        await idp.start();
      }
    });
    it('after logout refuses the old session cookie and ID token at once where the user logged out, and on another instance within the interval', async () => {
      const leaving = await createCaller(api);
      const cookie = await login(api, leaving.token);
      expect(await statuses(replica, leaving.token, cookie)).toEqual([200, 200]);
      await nextSecond();

      const logout = await call(api, '/session/logout', undefined, leaving.token);
      expect(logout.status).toBe(200);
      expect(logout.headers.get('set-cookie') ?? '').toMatch(new RegExp(`${cookieName}=;`));
      const loggedOutAt = Date.now();
      expect(await statuses(api, leaving.token, cookie)).toEqual([401, 401]);

      await sleep(Math.max(0, loggedOutAt + INTERVAL_MS + 50 - Date.now()));
      expect(await statuses(replica, leaving.token, cookie)).toEqual([401, 401]);
      // Sibling products see it too.
      const refused = await call(api, '/account/get', undefined, undefined, { cookie: `${cookieName}=${cookie}`, origin: api.config.appOrigin });
      expect(refused.body).toMatchObject({ errorCode: 'UNAUTHENTICATED', message: ERROR_MESSAGES.UNAUTHENTICATED });

      // A new sign-in works again.
      await nextSecond();
      const fresh = await signInUser(leaving.user.email, leaving.user.password);
      expect(await statuses(replica, fresh, await login(replica, fresh))).toEqual([200, 200]);
    });

    it('refuses a disabled user within the interval', async () => {
      const disabled = await createCaller(api);
      const cookie = await login(api, disabled.token);
      expect(await statuses(api, disabled.token, cookie)).toEqual([200, 200]);
      await admin().updateUser(disabled.user.uid, { disabled: true });
      await sleep(INTERVAL_MS + 50);
      expect(await statuses(api, disabled.token, cookie)).toEqual([401, 401]);
      expect(await statuses(replica, disabled.token, cookie)).toEqual([401, 401]);
    });

    it('refuses a deleted user within the interval', async () => {
      const deleted = await createCaller(api);
      const cookie = await login(api, deleted.token);
      expect(await statuses(api, deleted.token, cookie)).toEqual([200, 200]);
      await admin().deleteUser(deleted.user.uid);
      await sleep(INTERVAL_MS + 50);
      expect(await statuses(api, deleted.token, cookie)).toEqual([401, 401]);
    });

    it('refuses tokens and cookies of a sign-in before a password change within the interval, not those of a later one', async () => {
      const changing = await createCaller(api);
      const cookie = await login(api, changing.token);
      expect(await statuses(api, changing.token, cookie)).toEqual([200, 200]);
      await nextSecond();
      await admin().updateUser(changing.user.uid, { password: 'a-new-password-456' });
      await sleep(INTERVAL_MS + 50);
      expect(await statuses(api, changing.token, cookie)).toEqual([401, 401]);
      const fresh = await signInUser(changing.user.email, 'a-new-password-456');
      expect(await statuses(api, fresh)).toEqual([200]);
    });
  });

  describe('revocation through the console, on every instance at once', () => {
    /** Two instances that would trust what the identity provider said about a user for a minute. */
    let first: TestApi;
    let second: TestApi;

    beforeAll(async () => {
      const overrides = { FIREBASE_AUTH_EMULATOR_HOST: idp.host, REVOCATION_CHECK_INTERVAL_MS: '60000', MAIL_WORKER_ENABLED: 'false' };
      [first, second] = await Promise.all([startApi(overrides), startApi(overrides)]);
    });

    afterAll(async () => {
      await Promise.all([first.close(), second.close()]);
    });

    /** Asks `on` until it refuses the ID token and the session cookie (at most 2 s), and answers how long that took. */
    async function msUntilRefused(on: TestApi, token: string, cookie: string): Promise<number> {
      const started = Date.now();
      while (Date.now() - started < 2000) {
        if ((await statuses(on, token, cookie)).every((status) => status === 401)) return Date.now() - started;
        await sleep(10);
      }
      throw new Error('still accepted after 2 s');
    }

    /** A user signed in with a session cookie, which the second instance has verified (and trusts for the interval); the clock is then in a later second. */
    async function trustedOnSecond(): Promise<{ caller: Caller; cookie: string }> {
      const caller = await createCaller(first);
      const cookie = await login(first, caller.token);
      expect(await statuses(second, caller.token, cookie)).toEqual([200, 200]);
      await nextSecond();
      return { caller, cookie };
    }

    it('refuses the session of a logout on another instance at once', async () => {
      const { caller, cookie } = await trustedOnSecond();
      expect((await call(first, '/session/logout', undefined, caller.token)).status).toBe(200);
      expect(await msUntilRefused(second, caller.token, cookie)).toBeLessThan(500);
    });

    it('refuses a session revoked in the account settings on another instance at once, not the session that revoked it', async () => {
      const { caller, cookie } = await trustedOnSecond();
      const current = await signInUser(caller.user.email, caller.user.password);
      expect((await call(first, '/session/login', undefined, current)).status).toBe(200);
      expect((await call(first, '/session/revokeOthers', undefined, current)).body).toEqual({ revoked: 1 });
      expect(await msUntilRefused(second, caller.token, cookie)).toBeLessThan(500);
      expect(await statuses(second, current)).toEqual([200]);
    });

    it('refuses the sessions before a password change through the console on every instance at once, not those after it', async () => {
      const { caller, cookie } = await trustedOnSecond();
      await resetPassword(caller.user.email, 'a-new-password-789');
      expect((await call(first, '/session/passwordChanged', { email: caller.user.email })).status).toBe(200);
      expect(await msUntilRefused(second, caller.token, cookie)).toBeLessThan(500);
      const fresh = await signInUser(caller.user.email, 'a-new-password-789');
      expect(await statuses(second, fresh)).toEqual([200]);
    });

    it('announces only a recent revocation, answering alike for any address', async () => {
      // A user created by an administrator, whose sessions were never revoked.
      const email = uniqueEmail('never-revoked');
      const { uid } = await admin().createUser({ email });
      const token = emulatorIdToken(first.config.firebaseProjectId, { uid, email }, Math.floor(Date.now() / 1000));
      expect(await statuses(second, token)).toEqual([200]);
      const lookupsBefore = idp.calls('lookup');
      for (const address of [email, uniqueEmail('nobody')]) {
        expect(await call(first, '/session/passwordChanged', { email: address })).toMatchObject({ status: 200, body: undefined });
      }
      expect(await statuses(second, token)).toEqual([200]);
      // The two lookups by address, and none by the second instance: nothing was announced.
      expect(idp.calls('lookup') - lookupsBefore).toBe(2);
    });

    it('answers alike for an address the identity provider refuses as malformed (it has no such user)', async () => {
      expect(await call(first, '/session/passwordChanged', { email: "e`@-k?'YI]@example.com" })).toMatchObject({ status: 200, body: undefined });
    });

    it('forgets what it knew when it listens again after losing its connection, since it may have missed a revocation', async () => {
      const { caller, cookie } = await trustedOnSecond();
      // Every listening connection is cut; meanwhile the sessions are revoked at the identity provider, unannounced.
      await first.app.get(DataSource).query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1', ['LISTEN console_sessions_revoked']);
      await admin().revokeRefreshTokens(caller.user.uid);
      expect(await msUntilRefused(second, caller.token, cookie)).toBeLessThan(1500);

      // It listens again: a logout elsewhere is refused at once.
      const other = await trustedOnSecond();
      expect((await call(first, '/session/logout', undefined, other.caller.token)).status).toBe(200);
      expect(await msUntilRefused(second, other.caller.token, other.cookie)).toBeLessThan(500);
    });
  });

  describe('session login', () => {
    it('mints a session cookie only for a sign-in less than 5 minutes old', async () => {
      // A user created by an administrator has sessions never revoked (no tokensValidAfterTime), so
      // an emulator token for a sign-in 6 minutes ago is valid — but too old to become a cookie.
      const email = uniqueEmail('old-sign-in');
      const { uid } = await admin().createUser({ email });
      const nowSeconds = Math.floor(Date.now() / 1000);
      const old = emulatorIdToken(api.config.firebaseProjectId, { uid, email }, nowSeconds - 6 * 60);
      expect((await call(api, '/account/get', undefined, old)).status).toBe(200);
      const refused = await call(api, '/session/login', undefined, old);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ errorCode: 'UNAUTHENTICATED', message: ERROR_MESSAGES.UNAUTHENTICATED });
      expect(refused.headers.get('set-cookie')).toBeNull();

      const recent = emulatorIdToken(api.config.firebaseProjectId, { uid, email }, nowSeconds - 4 * 60);
      expect((await call(api, '/session/login', undefined, recent)).status).toBe(200);
    });

    it('decides recency on the sign-in time (auth_time), not the token', () => {
      const now = Date.UTC(2025, 0, 1, 12, 0, 0);
      expect(RECENT_SIGN_IN_MS).toBe(5 * 60 * 1000);
      expect(isRecentSignIn(now, now)).toBe(true);
      expect(isRecentSignIn(now - RECENT_SIGN_IN_MS + 1000, now)).toBe(true);
      expect(isRecentSignIn(now - RECENT_SIGN_IN_MS, now)).toBe(false);
      expect(isRecentSignIn(now - 60 * 60 * 1000, now)).toBe(false);
    });
  });

  describe('system administrators need a verified address', () => {
    let systemAdmin: Caller;
    beforeAll(async () => {
      systemAdmin = await createSystemAdmin(api);
    });

    function grant(email: string) {
      return call<AccountBody>(api, '/systemAdmin/account/updateIsSystemAdmin', { email, isSystemAdmin: true }, systemAdmin.token);
    }

    it('refuses to grant system administration to an unverified address, and grants it once verified', async () => {
      const staff = await createCaller(api, uniqueEmail('unverified', api.config.companyMailDomain));
      expect(await grant(staff.user.email)).toMatchObject({
        status: 409,
        body: { name: 'ConsoleError', errorCode: 'EMAIL_NOT_VERIFIED', message: 'メールアドレスが確認されていないため、システム管理者にできません' },
      });
      expect((await call(api, '/systemAdmin/account/list', undefined, staff.token)).status).toBe(403);

      const verified = await verifyEmail(api, staff);
      expect(await grant(staff.user.email)).toMatchObject({ status: 200, body: { id: staff.id, isSystemAdmin: true } });
      expect((await call(api, '/systemAdmin/account/list', undefined, verified.token)).status).toBe(200);
      // Revoking needs no verified address.
      expect(await call(api, '/systemAdmin/account/updateIsSystemAdmin', { email: staff.user.email, isSystemAdmin: false }, systemAdmin.token)).toMatchObject({
        status: 200,
        body: { isSystemAdmin: false },
      });
    });

    it('treats the root account as a system administrator only with a verified address', async () => {
      const email = api.config.rootAccountEmail;
      const password = 'root-password-123';
      // Another suite may have signed the root address up already: take that identity over, unverified.
      const existing = await admin()
        .getUserByEmail(email)
        .catch(() => undefined);
      const { uid } = existing ? await admin().updateUser(existing.uid, { password, emailVerified: false }) : await admin().createUser({ email, password });
      try {
        const unverified = await signInUser(email, password);
        const created = await call<AccountBody>(api, '/account/create', undefined, unverified);
        expect(created).toMatchObject({ status: 200, body: { id: ROOT_ACCOUNT_ID, idaasId: uid, isSystemAdmin: false } });
        expect((await call<AccountBody>(api, '/account/get', undefined, unverified)).body.isSystemAdmin).toBe(false);
        expect(await call(api, '/systemAdmin/account/list', undefined, unverified)).toMatchObject({ status: 403, body: { errorCode: 'FORBIDDEN' } });
        expect(await call(api, '/system-admin/organization/create', { name: '乗っ取り' }, unverified)).toMatchObject({ status: 403 });

        await admin().updateUser(uid, { emailVerified: true });
        const verified = await signInUser(email, password);
        expect((await call<AccountBody>(api, '/account/get', undefined, verified)).body).toMatchObject({ id: ROOT_ACCOUNT_ID, isSystemAdmin: true });
        expect((await call(api, '/systemAdmin/account/list', undefined, verified)).status).toBe(200);
      } finally {
        // Leave the root account as bootstrapped, for suites that sign it up themselves.
        await admin().deleteUser(uid);
        await api.app.get(AccountRepository).update(ROOT_ACCOUNT_ID, { idaasId: null });
      }
    });
  });
});

describe('revocation check (unit)', () => {
  const active: UserStanding = { deleted: false, disabled: false, validSinceMs: 0 };
  let now = 1_000_000;
  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('refuses deleted and disabled users and sign-ins before the revocation', () => {
    expect(isRefused(active, 5000)).toBe(false);
    expect(isRefused({ ...active, deleted: true }, 5000)).toBe(true);
    expect(isRefused({ ...active, disabled: true }, 5000)).toBe(true);
    expect(isRefused({ ...active, validSinceMs: 5000 }, 4000)).toBe(true);
    expect(isRefused({ ...active, validSinceMs: 5000 }, 5000)).toBe(false);
  });

  it('asks once per user and interval, once for concurrent requests, and again after forget()', async () => {
    const lookUp = jest.fn((_uid: string) => Promise.resolve(active));
    const check = new RevocationCheck(lookUp, { intervalMs: 1000, maxStalenessMs: 5000, maxEntries: 10 });
    await Promise.all([check.standingOf('a'), check.standingOf('a'), check.standingOf('a')]);
    now += 999;
    await check.standingOf('a');
    expect(lookUp).toHaveBeenCalledTimes(1);
    now += 1;
    await check.standingOf('a');
    expect(lookUp).toHaveBeenCalledTimes(2);
    check.forget('a');
    await check.standingOf('a');
    expect(lookUp).toHaveBeenCalledTimes(3);
  });

  it('keeps at most maxEntries users (the least recently used go first)', async () => {
    const lookUp = jest.fn((_uid: string) => Promise.resolve(active));
    const check = new RevocationCheck(lookUp, { intervalMs: 1000, maxStalenessMs: 5000, maxEntries: 2 });
    await check.standingOf('a');
    await check.standingOf('b');
    await check.standingOf('a');
    await check.standingOf('c');
    expect(lookUp).toHaveBeenCalledTimes(3);
    await check.standingOf('a');
    expect(lookUp).toHaveBeenCalledTimes(3);
    await check.standingOf('b');
    expect(lookUp).toHaveBeenCalledTimes(4);
  });

  it('uses the last answer while the provider cannot answer, up to the maximum staleness, else 503', async () => {
    let reachable = true;
    const lookUp = jest.fn((_uid: string) => (reachable ? Promise.resolve({ ...active, validSinceMs: 42 }) : Promise.reject(new Error('unreachable'))));
    const check = new RevocationCheck(lookUp, { intervalMs: 1000, maxStalenessMs: 3000, maxEntries: 10 });
    await check.standingOf('a');
    reachable = false;
    now += 1000;
    await expect(check.standingOf('a')).resolves.toMatchObject({ validSinceMs: 42 });
    now += 500;
    await check.standingOf('a');
    expect(lookUp).toHaveBeenCalledTimes(2);
    now += 1500;
    await expect(check.standingOf('a')).resolves.toMatchObject({ validSinceMs: 42 });
    now += 1;
    await expect(check.standingOf('a')).rejects.toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE' });
    await expect(check.standingOf('never-seen')).rejects.toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE' });
    reachable = true;
    await expect(check.standingOf('a')).resolves.toMatchObject({ validSinceMs: 42 });
  });

  it('does not keep an answer read before the user was forgotten (a logout during the lookup)', async () => {
    let answer: (standing: UserStanding) => void = () => undefined;
    const lookUp = jest.fn((_uid: string) => new Promise<UserStanding>((resolve) => (answer = resolve)));
    const check = new RevocationCheck(lookUp, { intervalMs: 1000, maxStalenessMs: 5000, maxEntries: 10 });
    const before = check.standingOf('a');
    check.forget('a');
    answer(active);
    await before;
    const after = check.standingOf('a');
    expect(lookUp).toHaveBeenCalledTimes(2);
    answer({ ...active, validSinceMs: now });
    await expect(after).resolves.toMatchObject({ validSinceMs: now });
  });
});

describe('configuration of authentication', () => {
  const env = {
    APP_ENV: 'test',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
    FIREBASE_PROJECT_ID: 'demo-x',
    COMPANY_MAIL_DOMAIN: 'console.example.jp',
    ROOT_ACCOUNT_EMAIL: 'root@console.example.jp',
  };

  it.each(['eva', 'prod'])('refuses the Auth Emulator when APP_ENV is %s', (environment) => {
    const load = () => loadConfig({ ...env, APP_ENV: environment, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(`FIREBASE_AUTH_EMULATOR_HOST must not be set when APP_ENV is ${environment}`);
    const production = { SENDGRID_API_KEY: 'SG.key', STORAGE_BUCKET: 'console-uploads', SECRET_SEALING_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}` };
    expect(loadConfig({ ...env, ...production, APP_ENV: environment }).authEmulatorHost).toBeUndefined();
  });

  it('accepts the Auth Emulator in dev and test', () => {
    for (const environment of ['dev', 'test'])
      expect(loadConfig({ ...env, APP_ENV: environment, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).authEmulatorHost).toBe('127.0.0.1:9099');
  });

  it('reads the revocation interval, staleness and cache size, with their defaults', () => {
    expect(loadConfig(env)).toMatchObject({ revocationCheckIntervalMs: 30_000, revocationMaxStalenessMs: 300_000, authCacheMaxEntries: 10_000 });
    expect(loadConfig({ ...env, REVOCATION_CHECK_INTERVAL_MS: '500', REVOCATION_MAX_STALENESS_MS: '0', AUTH_CACHE_MAX_ENTRIES: '100' })).toMatchObject({
      revocationCheckIntervalMs: 500,
      revocationMaxStalenessMs: 0,
      authCacheMaxEntries: 100,
    });
    expect(() => loadConfig({ ...env, REVOCATION_CHECK_INTERVAL_MS: '-1' })).toThrow('REVOCATION_CHECK_INTERVAL_MS must be an integer');
    expect(() => loadConfig({ ...env, AUTH_CACHE_MAX_ENTRIES: '0' })).toThrow('AUTH_CACHE_MAX_ENTRIES must be an integer');
  });
});
