import { deploymentFor } from '@console/config';
import { FirebaseAuthService } from '../src/common/auth/firebase-auth.service';
import { sessionCookieOptions } from '../src/modules/session/session-cookie';
import {
  addOrganizationMember,
  addProjectMember,
  createCaller,
  createOrganizationWithProjects,
  type Caller,
  type OrganizationWithProjectsFixture,
} from './support/fixtures';
import { call, signInUser, startApi, type TestApi } from './support/harness';

const KNOWLEDGE_KEY = 'knowledge-key-for-the-tests-0123';
/** How long an instance trusts what the identity provider said about a user (REVOCATION_CHECK_INTERVAL_MS). */
const REVOCATION_CHECK_INTERVAL_MS = 500;

interface Introspection {
  account: { id: string; email: string };
  memberships: { organizationId: string }[];
  project: { id: string; enabledProducts: { key: string; path: string }[] } | null;
}

/** Waits until the clock is in a later second than now (the identity provider's revocation has second granularity). */
async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1050 - (Date.now() % 1000)));
}

function cookieValue(setCookie: string, name: string): string {
  const match = new RegExp(`(?:^|, )${name}=([^;]*)`).exec(setCookie);
  if (!match?.[1]) throw new Error(`no ${name} cookie in ${setCookie}`);
  return match[1];
}

describe('session cookie', () => {
  let api: TestApi;
  let cookieName: string;
  let org: OrganizationWithProjectsFixture;
  let user: Caller;

  beforeAll(async () => {
    api = await startApi({
      SUBSYSTEM_KEYS: `knowledge:${KNOWLEDGE_KEY}`,
      MAIL_WORKER_ENABLED: 'false',
      REVOCATION_CHECK_INTERVAL_MS: String(REVOCATION_CHECK_INTERVAL_MS),
    });
    cookieName = api.config.deployment.sessionCookieName;
    org = await createOrganizationWithProjects(api, 'セッション組織', 2, { knowledge: { plan: 'enterprise' } });
    user = await createCaller(api);
    await addOrganizationMember(api, user.id, org, 'member');
    await addProjectMember(api, user.id, org.projects[0]!, 'member');
  });
  afterAll(async () => {
    await api.close();
  });

  async function login(idToken: string): Promise<string> {
    const result = await call<{ active: boolean; expiresAt: string }>(api, '/session/login', undefined, idToken);
    expect(result.status).toBe(200);
    expect(result.body.active).toBe(true);
    return cookieValue(result.headers.get('set-cookie') ?? '', cookieName);
  }

  function withCookie(cookie: string, headers: Record<string, string> = { origin: api.config.appOrigin }): Record<string, string> {
    return { cookie: `${cookieName}=${cookie}`, ...headers };
  }

  it('issues an httpOnly, Secure, SameSite=Lax host-only cookie for the bearer token when the app runs on localhost', async () => {
    const result = await call(api, '/session/login', undefined, user.token);
    expect(result.status).toBe(200);
    const header = result.headers.get('set-cookie') ?? '';
    expect(header).toContain(`${cookieName}=`);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/Secure/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).not.toMatch(/Domain=/i);
    expect(header).toContain('Path=/');
    expect(header).toMatch(/Max-Age=432000/);
    expect((await call(api, '/session/login')).status).toBe(401);
  });

  it('accepts the cookie instead of the bearer token on a same-origin call', async () => {
    const cookie = await login(user.token);
    const result = await call<{ id: string }>(api, '/account/get', undefined, undefined, withCookie(cookie));
    expect(result.status).toBe(200);
    expect(result.body.id).toBe(user.id);
    const fetchMetadata = await call(api, '/account/get', undefined, undefined, withCookie(cookie, { 'sec-fetch-site': 'same-origin' }));
    expect(fetchMetadata.status).toBe(200);
    const sibling = await call(api, '/account/get', undefined, undefined, withCookie(cookie, { origin: api.config.deployment.hosts.knowledge.app }));
    expect(sibling.status).toBe(200);
    expect((await call(api, '/account/get', undefined, undefined, withCookie('forged-cookie'))).status).toBe(401);
  });

  it('refuses a cross-site write authenticated by the cookie alone', async () => {
    const cookie = await login(user.token);
    const crossSite = await call(
      api,
      '/account/get',
      undefined,
      undefined,
      withCookie(cookie, { origin: 'https://evil.example.com', 'sec-fetch-site': 'cross-site' }),
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toMatchObject({ errorCode: 'FORBIDDEN' });
    expect((await call(api, '/account/get', undefined, undefined, withCookie(cookie, { origin: 'null' }))).status).toBe(403);
    expect((await call(api, '/account/get', undefined, undefined, withCookie(cookie, {}))).status).toBe(403);
    // Same-site is not enough: another host of the site is same-site too; only the configured app origins are ours.
    const sameSite = { 'sec-fetch-site': 'same-site' };
    expect((await call(api, '/account/get', undefined, undefined, withCookie(cookie, { ...sameSite, origin: 'http://uploads.localhost:5173' }))).status).toBe(
      403,
    );
    expect((await call(api, '/account/get', undefined, undefined, withCookie(cookie, sameSite))).status).toBe(403);
    expect(
      (await call(api, '/account/get', undefined, undefined, withCookie(cookie, { ...sameSite, origin: api.config.deployment.hosts.knowledge.app }))).status,
    ).toBe(200);
    // The bearer token is not a credential a cross-site page can borrow: it is not checked for origin.
    expect((await call(api, '/account/get', undefined, user.token, { origin: 'https://evil.example.com' })).status).toBe(200);
  });

  it('refuses a session revoked with the identity provider (elsewhere) within REVOCATION_CHECK_INTERVAL_MS', async () => {
    const revoked = await createCaller(api);
    const cookie = await login(revoked.token);
    await nextSecond();
    await api.app.get(FirebaseAuthService).auth.revokeRefreshTokens(revoked.user.uid);
    await new Promise((resolve) => setTimeout(resolve, REVOCATION_CHECK_INTERVAL_MS + 100));
    const result = await call(api, '/account/get', undefined, undefined, withCookie(cookie));
    expect(result.status).toBe(401);
  });

  it('clears and revokes the session on logout, also where the cookie was already trusted', async () => {
    const leaving = await createCaller(api);
    const cookie = await login(leaving.token);
    expect((await call(api, '/account/get', undefined, undefined, withCookie(cookie))).status).toBe(200);
    await nextSecond();
    const logout = await call<{ active: boolean }>(api, '/session/logout', undefined, undefined, withCookie(cookie));
    expect(logout.status).toBe(200);
    expect(logout.body.active).toBe(false);
    const cleared = logout.headers.get('set-cookie') ?? '';
    expect(cleared).toMatch(new RegExp(`${cookieName}=;`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await call(api, '/account/get', undefined, undefined, withCookie(cookie))).status).toBe(401);
    // Signing in again gives a working session.
    await nextSecond();
    const fresh = await login(await signInUser(leaving.user.email, leaving.user.password));
    expect((await call(api, '/account/get', undefined, undefined, withCookie(fresh))).status).toBe(200);
  });

  describe('introspection for sibling products', () => {
    function introspect(body: unknown, key: string | null = KNOWLEDGE_KEY) {
      return call<Introspection>(api, '/session/introspect', body, undefined, key === null ? {} : { 'x-console-subsystem-key': key });
    }

    it('refuses a missing or wrong subsystem key', async () => {
      const cookie = await login(user.token);
      expect((await introspect({ sessionCookie: cookie }, null)).status).toBe(401);
      const wrong = await introspect({ sessionCookie: cookie }, 'knowledge-key-that-is-not-right');
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ errorCode: 'UNAUTHENTICATED' });
    });

    it('tells who holds the cookie, with memberships and the enabled products of a viewable project', async () => {
      const cookie = await login(user.token);
      const plain = await introspect({ sessionCookie: cookie });
      expect(plain.status).toBe(200);
      expect(plain.body.account).toMatchObject({ id: user.id, email: user.user.email });
      expect(plain.body.memberships.map((m) => m.organizationId)).toEqual([org.organization.id]);
      expect(plain.body.project).toBeNull();

      const withProject = await introspect({ sessionCookie: cookie, projectId: org.projects[0]!.project.id });
      expect(withProject.body.project).toMatchObject({ id: org.projects[0]!.project.id, enabledProducts: [{ key: 'knowledge', path: '/knowledge/' }] });
      // Any member of the owning organization may view its other projects (docs/product-rules.md#permissions).
      expect((await introspect({ sessionCookie: cookie, projectId: org.projects[1]!.project.id })).status).toBe(200);
    });

    it('refuses a project the account may not view, and an invalid or revoked cookie', async () => {
      const cookie = await login(user.token);
      const elsewhere = await createOrganizationWithProjects(api, '無関係な組織', 1);
      expect((await introspect({ sessionCookie: cookie, projectId: elsewhere.projects[0]!.project.id })).status).toBe(403);
      expect((await introspect({ sessionCookie: 'garbage' })).status).toBe(401);

      const revoked = await createCaller(api);
      const revokedCookie = await login(revoked.token);
      expect((await introspect({ sessionCookie: revokedCookie })).status).toBe(200);
      await nextSecond();
      await call(api, '/session/logout', undefined, revoked.token);
      expect((await introspect({ sessionCookie: revokedCookie })).status).toBe(401);
    });

    it('refuses the cookie of a session signed out from the account settings, not that of the session kept', async () => {
      const person = await createCaller(api);
      const signedOut = await login(person.token);
      await nextSecond();
      const kept = await signInUser(person.user.email, person.user.password);
      const keptCookie = await login(kept);
      expect((await call(api, '/session/revokeOthers', undefined, kept)).body).toEqual({ revoked: 1 });
      expect(await introspect({ sessionCookie: signedOut })).toMatchObject({ status: 401, body: { errorCode: 'SESSION_REVOKED' } });
      expect((await introspect({ sessionCookie: keptCookie })).status).toBe(200);
    });
  });
});

describe('session cookie attributes', () => {
  it('omits the Domain attribute and Secure on a developer machine (localhost)', () => {
    expect(sessionCookieOptions({ deployment: deploymentFor('dev'), secureCookies: false, appOrigin: 'http://localhost:5173' })).toEqual({
      httpOnly: true,
      secure: false,
      sameSite: 'lax',
      path: '/',
    });
  });

  it('sets the environment cookie domain when the app is served under it, and none when it is not', () => {
    expect(sessionCookieOptions({ deployment: deploymentFor('prod'), secureCookies: true, appOrigin: 'https://app.console.example.jp' })).toMatchObject({
      domain: 'console.example.jp',
      secure: true,
    });
    expect(sessionCookieOptions({ deployment: deploymentFor('test'), secureCookies: true, appOrigin: 'http://127.0.0.1:4173' })).not.toHaveProperty('domain');
    expect(sessionCookieOptions({ deployment: deploymentFor('prod'), secureCookies: true, appOrigin: 'https://notconsole.example.jp' })).not.toHaveProperty(
      'domain',
    );
  });

  it('names the production cookie without a suffix', () => {
    expect(deploymentFor('prod').sessionCookieName).toBe('console_session');
  });
});
