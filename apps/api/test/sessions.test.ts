import { DataSource } from 'typeorm';
import { AuditEventEntity } from '../src/modules/audit/audit-event.entity';
import { createCaller, type Caller } from './support/fixtures';
import { call, signInUser, startApi, type TestApi } from './support/harness';

const CHROME_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:145.0) Gecko/20100101 Firefox/145.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1';

interface SessionBody {
  id: string;
  current: boolean;
  browser: string | null;
  os: string | null;
  ip: string | null;
  place: string | null;
  signInMethod: string;
  signedInAt: string;
  lastSeenAt: string;
}

/** Waits until the clock is in a later second (a sign-in is named by its sign-in time, in whole seconds). */
async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1050 - (Date.now() % 1000)));
}

function cookieValue(setCookie: string, name: string): string {
  const match = new RegExp(`(?:^|, )${name}=([^;]*)`).exec(setCookie);
  if (!match?.[1]) throw new Error(`no ${name} cookie in ${setCookie}`);
  return match[1];
}

describe('sessions in the account settings', () => {
  /** Instances that would trust what they read of revoked sessions for a minute: only the announcement makes them read again. */
  let api: TestApi;
  let replica: TestApi;
  let cookieName: string;
  const overrides = { REVOCATION_CHECK_INTERVAL_MS: '60000', MAIL_WORKER_ENABLED: 'false' };

  beforeAll(async () => {
    [api, replica] = await Promise.all([startApi(overrides), startApi(overrides)]);
    cookieName = api.config.deployment.sessionCookieName;
  });

  afterAll(async () => {
    await Promise.all([api.close(), replica.close()]);
  });

  /** A new sign-in of the caller (in a later second than the last one), exchanged for a session cookie from a browser with this user agent. */
  async function signIn(caller: Caller, userAgent: string): Promise<{ token: string; cookie: string }> {
    await nextSecond();
    const token = await signInUser(caller.user.email, caller.user.password);
    const result = await call(api, '/session/login', undefined, token, { 'user-agent': userAgent });
    expect(result.status).toBe(200);
    return { token, cookie: cookieValue(result.headers.get('set-cookie') ?? '', cookieName) };
  }

  async function list(token: string, on = api): Promise<SessionBody[]> {
    const result = await call<{ items: SessionBody[] }>(on, '/session/list', undefined, token);
    expect(result.status).toBe(200);
    return result.body.items;
  }

  /** The statuses of /account/get with the ID token and with the session cookie. */
  async function statuses(on: TestApi, session: { token: string; cookie: string }): Promise<number[]> {
    return [
      (await call(on, '/account/get', undefined, session.token)).status,
      (await call(on, '/account/get', undefined, undefined, { cookie: `${cookieName}=${session.cookie}`, origin: on.config.appOrigin })).status,
    ];
  }

  /** Asks `on` until it refuses the session's ID token and cookie (at most 5 s), and answers how long that took. */
  async function msUntilRefused(on: TestApi, session: { token: string; cookie: string }): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 5000) {
      if ((await statuses(on, session)).every((status) => status === 401)) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('still accepted after 5 s');
  }

  function auditEvents(targetId: string, action: AuditEventEntity['action']): Promise<AuditEventEntity[]> {
    return api.app
      .get(DataSource)
      .getRepository(AuditEventEntity)
      .find({ where: { targetId, action }, order: { occurredAt: 'ASC' } });
  }

  it('lists the sessions of every sign-in, the current one marked, with browser, OS, address and sign-in method', async () => {
    const caller = await createCaller(api);
    const mac = await signIn(caller, CHROME_ON_MAC);
    const windows = await signIn(caller, FIREFOX_ON_WINDOWS);

    const sessions = await list(windows.token);
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.current)).toMatchObject({ browser: 'Firefox 145', os: 'Windows 10', ip: '127.0.0.1', place: null, signInMethod: 'password' });
    expect(sessions.find((s) => !s.current)).toMatchObject({ browser: 'Chrome 142', os: 'macOS Catalina', signInMethod: 'password' });
    // The other sign-in sees the same sessions, itself as the current one.
    expect((await list(mac.token)).find((s) => s.current)?.browser).toBe('Chrome 142');
    // The session cookie names its sign-in as the ID token does.
    const byCookie = await call<{ items: SessionBody[] }>(api, '/session/list', undefined, undefined, {
      cookie: `${cookieName}=${mac.cookie}`,
      origin: api.config.appOrigin,
    });
    expect(byCookie.body.items.find((s) => s.current)?.browser).toBe('Chrome 142');
  });

  it('marks a sign-in from a device never seen for the user in the audit log, not one from a device seen before', async () => {
    const caller = await createCaller(api);
    await signIn(caller, SAFARI_ON_IPHONE);
    await signIn(caller, SAFARI_ON_IPHONE);
    await signIn(caller, FIREFOX_ON_WINDOWS);
    const events = await auditEvents(caller.id, 'session.login');
    expect(events.map((e) => ({ userAgent: e.userAgent, newDevice: e.changes.newDevice?.after ?? null, actor: e.actorAccountId }))).toEqual([
      { userAgent: SAFARI_ON_IPHONE, newDevice: { browser: 'Safari 18', os: 'iOS 18.6', signInMethod: 'password' }, actor: caller.id },
      { userAgent: SAFARI_ON_IPHONE, newDevice: null, actor: caller.id },
      { userAgent: FIREFOX_ON_WINDOWS, newDevice: { browser: 'Firefox 145', os: 'Windows 10', signInMethod: 'password' }, actor: caller.id },
    ]);
  });

  it('revokes one session: refused at once here and on another instance, the others kept, recorded in the audit log', async () => {
    const caller = await createCaller(api);
    const other = await signIn(caller, CHROME_ON_MAC);
    const current = await signIn(caller, FIREFOX_ON_WINDOWS);
    // Both instances have read the user's revoked sessions (none) and would trust that for a minute.
    expect([...(await statuses(api, other)), ...(await statuses(replica, other))]).toEqual([200, 200, 200, 200]);
    const target = (await list(current.token)).find((s) => !s.current);

    const revoked = await call(api, '/session/revoke', { sessionId: target?.id }, current.token);
    expect(revoked).toMatchObject({ status: 200, body: { revoked: 1 } });
    expect(await call(api, '/account/get', undefined, other.token)).toMatchObject({ status: 401, body: { errorCode: 'SESSION_REVOKED' } });
    expect(await msUntilRefused(replica, other)).toBeLessThan(5000);
    expect(await statuses(replica, current)).toEqual([200, 200]);
    expect((await list(current.token)).map((s) => s.current)).toEqual([true]);
    expect((await auditEvents(target?.id ?? '', 'session.revoke')).map((e) => e.actorAccountId)).toEqual([caller.id]);
    // The revoked sign-in cannot be exchanged for a cookie again.
    expect(await call(api, '/session/login', undefined, other.token)).toMatchObject({ status: 401, body: { errorCode: 'SESSION_REVOKED' } });
  });

  it('revokes every other session, keeping the current one', async () => {
    const caller = await createCaller(api);
    const first = await signIn(caller, CHROME_ON_MAC);
    const second = await signIn(caller, SAFARI_ON_IPHONE);
    const current = await signIn(caller, FIREFOX_ON_WINDOWS);
    expect(await statuses(replica, first)).toEqual([200, 200]);

    expect(await call(api, '/session/revokeOthers', undefined, current.token)).toMatchObject({ status: 200, body: { revoked: 2 } });
    expect(await msUntilRefused(replica, first)).toBeLessThan(5000);
    expect(await msUntilRefused(replica, second)).toBeLessThan(5000);
    expect(await statuses(replica, current)).toEqual([200, 200]);
    expect((await list(current.token)).map((s) => s.browser)).toEqual(['Firefox 145']);
    const [event] = await auditEvents(caller.id, 'session.revokeOthers');
    expect((event?.changes.sessionIds?.after as string[] | undefined)?.length).toBe(2);
    // Nothing left to revoke: the request is recorded all the same.
    expect(await call(api, '/session/revokeOthers', undefined, current.token)).toMatchObject({ status: 200, body: { revoked: 0 } });
    expect((await auditEvents(caller.id, 'session.revokeOthers')).map((e) => (e.changes.sessionIds?.after as string[]).length).sort()).toEqual([0, 2]);
  });

  it('keeps refusing a revoked session after a restart, since the revocation is in Postgres', async () => {
    const caller = await createCaller(api);
    const other = await signIn(caller, CHROME_ON_MAC);
    const current = await signIn(caller, FIREFOX_ON_WINDOWS);
    expect(await call(api, '/session/revokeOthers', undefined, current.token)).toMatchObject({ status: 200, body: { revoked: 1 } });
    const restarted = await startApi(overrides);
    try {
      expect(await statuses(restarted, other)).toEqual([401, 401]);
      expect(await statuses(restarted, current)).toEqual([200, 200]);
    } finally {
      await restarted.close();
    }
  });

  it("answers NOT_FOUND for a session that is not the caller's or is revoked already, and VALIDATION_FAILED for a malformed id", async () => {
    const owner = await createCaller(api);
    await signIn(owner, CHROME_ON_MAC);
    const ownerNow = await signIn(owner, FIREFOX_ON_WINDOWS);
    const stranger = await createCaller(api);
    const target = (await list(ownerNow.token)).find((s) => !s.current);

    expect(await call(api, '/session/revoke', { sessionId: target?.id }, stranger.token)).toMatchObject({ status: 404, body: { errorCode: 'NOT_FOUND' } });
    expect((await call(api, '/session/revoke', { sessionId: target?.id }, ownerNow.token)).status).toBe(200);
    expect(await call(api, '/session/revoke', { sessionId: target?.id }, ownerNow.token)).toMatchObject({ status: 404, body: { errorCode: 'NOT_FOUND' } });
    expect(await call(api, '/session/revoke', { sessionId: 'not-a-session' }, ownerNow.token)).toMatchObject({
      status: 400,
      body: { errorCode: 'VALIDATION_FAILED' },
    });
  });

  it('forgets the sessions of a logout everywhere (the identity provider revoked them all)', async () => {
    const caller = await createCaller(api);
    const session = await signIn(caller, CHROME_ON_MAC);
    expect((await call(api, '/session/logout', undefined, session.token)).status).toBe(200);
    const fresh = await signIn(caller, CHROME_ON_MAC);
    expect((await list(fresh.token)).map((s) => s.current)).toEqual([true]);
  });
});
