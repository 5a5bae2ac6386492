import { ADMIN_ROLE_KEY, DomainError, type AuditAction } from '@console/domain';
import { execFileSync } from 'node:child_process';
import { DataSource } from 'typeorm';
import { checkSamlCertificate, normalizeCertificate } from '../src/modules/sso/saml-certificate';
import {
  addOrganizationMember,
  createCaller,
  createOrganization,
  createSystemAdmin,
  insertJoinableDomain,
  uniqueDomainName,
  uniqueEmail,
  type Caller,
  type ErrorBodyShape,
  type OrganizationFixture,
} from './support/fixtures';
import { call, signInWithCustomToken, startApi, type TestApi } from './support/harness';

const ISSUER = process.env.TEST_OIDC_ISSUER ?? '';
const OIDC_SETTINGS = { type: 'oidc', oidcIssuer: ISSUER, oidcClientId: 'console-test', oidcClientSecret: 'console-test-secret' } as const;

interface ConnectionBody extends ErrorBodyShape {
  id: string;
  type: string;
  enabled: boolean;
  required: boolean;
  disabledBySystemAdmin: boolean;
  oidc?: { issuer: string; clientId: string; hasClientSecret: boolean };
  callbackUrl: string;
}

interface AuditPageBody {
  items: { action: AuditAction; targetId: string; changes: Record<string, { before: unknown; after: unknown }> }[];
}

/** A self-signed certificate (PEM, line breaks as spaces) made by openssl with a new key of `keyAlgorithm` (rsa:2048, rsa:1024, ed25519, ec and its options). */
function selfSignedCertificate(...keyAlgorithm: string[]): string {
  return execFileSync('openssl', ['req', '-x509', '-newkey', ...keyAlgorithm, '-nodes', '-keyout', '/dev/null', '-subj', '/CN=idp.example.jp', '-days', '30'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).replace(/\n/g, ' ');
}

/** Switches how the loopback OpenID provider alters its ID tokens (tools/oidc-test-provider.mjs). */
async function tamper(mode: 'none' | 'issuer' | 'audience' | 'expired' | 'signature'): Promise<void> {
  const response = await fetch(`${ISSUER}/__tamper`, { method: 'POST', body: mode });
  expect(response.status).toBe(204);
}

/** The fields of the fragment of the web's completion page the API redirected to. */
function completion(location: string | null): Record<string, string> {
  expect(location).toMatch(/^http:\/\/localhost:5173\/auth\/sso#/);
  return Object.fromEntries(new URLSearchParams(new URL(location ?? '').hash.slice(1)));
}

describe('single sign-on through an OpenID provider (docs/product-rules.md#single-sign-on)', () => {
  let api: TestApi;
  let organization: OrganizationFixture;
  let domain: string;
  let admin: Caller;
  let member: Caller;
  let otherMember: Caller;
  let systemAdmin: Caller;

  beforeAll(async () => {
    api = await startApi({ PUBLIC_API_URL: process.env.TEST_SSO_API_URL ?? '', MAIL_WORKER_ENABLED: 'false' });
    organization = await createOrganization(api, 'SSOの組織');
    ({ domain } = await insertJoinableDomain(api, organization, 'off'));
    [admin, member, otherMember, systemAdmin] = await Promise.all([
      createCaller(api),
      createCaller(api, uniqueEmail('member', domain)),
      createCaller(api),
      createSystemAdmin(api),
    ]);
    await Promise.all([
      addOrganizationMember(api, admin.id, organization, ADMIN_ROLE_KEY),
      addOrganizationMember(api, member.id, organization),
      addOrganizationMember(api, otherMember.id, organization),
    ]);
  });

  afterAll(async () => {
    await tamper('none');
    await api.close();
  });

  const save = (token: string, settings: Record<string, unknown>, organizationId = organization.organization.id) =>
    call<ConnectionBody>(api, '/organization/sso/save', { organizationId, enabled: true, required: false, ...settings }, token);
  const eventsOf = async (action: AuditAction) => {
    const page = await call<AuditPageBody>(
      api,
      '/systemAdmin/auditEvent/list',
      { action, organizationId: organization.organization.id, limit: 100 },
      systemAdmin.token,
    );
    expect(page.status).toBe(200);
    return page.body.items;
  };

  /**
   * Signs in at the OpenID provider through its login and consent pages as `login`, from the API's
   * start for the domain; the callback URL the provider redirects the browser to (not followed).
   */
  async function signInAtProvider(login: string, forDomain = domain): Promise<URL> {
    const start = await fetch(`${api.baseUrl}/auth/sso/start?domain=${encodeURIComponent(forDomain)}`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const cookies = new Map<string, string>();
    let url = start.headers.get('location') ?? '';
    let form: URLSearchParams | undefined;
    for (let step = 0; step < 12; step += 1) {
      if (url.startsWith(api.config.publicApiUrl)) return new URL(url);
      const response = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: form?.toString(),
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
      }
      const location = response.headers.get('location');
      if (location) {
        url = new URL(location, url).href;
        form = undefined;
        continue;
      }
      const page = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      if (!action) throw new Error(`the provider answered ${response.status} without a form: ${page.slice(0, 200)}`);
      url = new URL(action, url).href;
      form = page.includes('name="login"')
        ? new URLSearchParams({ prompt: 'login', login, password: 'any-password' })
        : new URLSearchParams({ prompt: 'consent' });
    }
    throw new Error('the provider did not redirect to the callback');
  }

  /** Follows the provider's redirect to the API's callback; the fields of the completion page it leads to. */
  async function callback(at: URL): Promise<Record<string, string>> {
    const response = await fetch(`${api.baseUrl}${at.pathname}${at.search}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    return completion(response.headers.get('location'));
  }

  /** A whole sign-in as `login`: the ID token of the custom token the completion code is exchanged for. */
  async function ssoToken(login: string): Promise<string> {
    const { code } = await callback(await signInAtProvider(login));
    const exchanged = await call<{ customToken: string }>(api, '/auth/sso/exchange', { code });
    expect(exchanged.status).toBe(200);
    return signInWithCustomToken(exchanged.body.customToken);
  }

  it('checks the settings: a verified domain first, a readable discovery document, organization admins only', async () => {
    const bare = await createOrganization(api);
    await addOrganizationMember(api, admin.id, bare, ADMIN_ROLE_KEY);
    expect((await save(admin.token, OIDC_SETTINGS, bare.organization.id)).body).toMatchObject({ errorCode: 'SSO_NO_VERIFIED_DOMAIN' });
    const undiscoverable = await save(admin.token, { ...OIDC_SETTINGS, oidcIssuer: `${ISSUER}/nowhere` });
    expect(undiscoverable.status).toBe(400);
    expect(undiscoverable.body).toMatchObject({ errorCode: 'SSO_DISCOVERY_FAILED', message: expect.stringContaining('Issuer') as unknown });
    expect((await save(member.token, OIDC_SETTINGS)).body).toMatchObject({ errorCode: 'FORBIDDEN' });
    expect((await save(admin.token, { type: 'oidc', oidcIssuer: ISSUER })).body).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
  });

  it('checks a SAML certificate with node:crypto: readable, valid now, an RSA (2048+) or EC key', async () => {
    const saml = { type: 'saml', samlEntityId: 'https://idp.example.jp/metadata', samlSsoUrl: 'https://idp.example.jp/sso' };
    expect((await save(admin.token, { ...saml, samlCertificate: 'not a certificate' })).body).toMatchObject({ errorCode: 'SSO_CERTIFICATE_INVALID' });
    expect((await save(admin.token, { ...saml, samlCertificate: selfSignedCertificate('rsa:1024') })).body).toMatchObject({
      errorCode: 'SSO_CERTIFICATE_KEY_UNSUPPORTED',
    });
    expect((await save(admin.token, { ...saml, samlCertificate: selfSignedCertificate('ed25519') })).body).toMatchObject({
      errorCode: 'SSO_CERTIFICATE_KEY_UNSUPPORTED',
    });
    const samlOrganization = await createOrganization(api);
    await Promise.all([insertJoinableDomain(api, samlOrganization, 'off'), addOrganizationMember(api, admin.id, samlOrganization, ADMIN_ROLE_KEY)]);
    const saved = await save(admin.token, { ...saml, samlCertificate: selfSignedCertificate('rsa:2048') }, samlOrganization.organization.id);
    expect(saved.body).toMatchObject({ type: 'saml', saml: { entityId: saml.samlEntityId, ssoUrl: saml.samlSsoUrl, certificateSubject: 'CN=idp.example.jp' } });
    const valid = normalizeCertificate(selfSignedCertificate('rsa:2048'));
    const facts = checkSamlCertificate(valid, new Date());
    expect(facts.subject).toBe('CN=idp.example.jp');
    expect(() => checkSamlCertificate(valid, new Date(facts.validTo.getTime() + 1000))).toThrow(new DomainError('SSO_CERTIFICATE_EXPIRED'));
    expect(() => checkSamlCertificate(valid, new Date(facts.validFrom.getTime() - 1000))).toThrow(new DomainError('SSO_CERTIFICATE_EXPIRED'));
    expect(checkSamlCertificate(normalizeCertificate(selfSignedCertificate('ec', '-pkeyopt', 'ec_paramgen_curve:P-256')), new Date()).subject).toBe(
      'CN=idp.example.jp',
    );
  });

  it('an organization admin configures OIDC: the secret is never answered, stored sealed, the change is audit-logged', async () => {
    const saved = await save(admin.token, OIDC_SETTINGS);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      type: 'oidc',
      enabled: true,
      required: false,
      oidc: { issuer: ISSUER, clientId: 'console-test', hasClientSecret: true },
      callbackUrl: 'http://api.sso.test/auth/sso/callback',
    });
    expect(JSON.stringify(saved.body)).not.toContain('console-test-secret');
    const got = await call<{ connection: ConnectionBody }>(api, '/organization/sso/get', { organizationId: organization.organization.id }, admin.token);
    expect(JSON.stringify(got.body)).not.toContain('console-test-secret');
    // Sealed at rest (AES-256-GCM under the key of SECRET_SEALING_KEYS, here the local one); the sign-ins below open it.
    const [stored] = await api.app
      .get(DataSource)
      .query<{ secret: string }[]>(`SELECT oidc_client_secret AS secret FROM sso_connections WHERE id = $1`, [saved.body.id]);
    expect(stored?.secret).toMatch(/^v1\.local\./);
    expect(stored?.secret).not.toContain('console-test-secret');
    expect(stored?.secret).not.toContain(Buffer.from('console-test-secret').toString('base64url'));
    const [created] = await eventsOf('ssoConnection.create');
    expect(created).toMatchObject({ targetId: saved.body.id, changes: { type: { before: null, after: 'oidc' }, oidcClientSecret: { after: '(changed)' } } });
    expect(JSON.stringify(created)).not.toContain('console-test-secret');
  });

  it('discovers by address: SSO for the verified domain, nothing for any other', async () => {
    const found = await call(api, '/auth/sso/discover', { email: `someone@${domain.toUpperCase()}` });
    expect(found.body).toEqual({ sso: true, startUrl: `http://api.sso.test/auth/sso/start?domain=${domain}` });
    expect((await call(api, '/auth/sso/discover', { email: 'someone@elsewhere.example.jp' })).body).toEqual({ sso: false, startUrl: null });
  });

  it('signs a person in through the provider: a custom token with the sso claim, a new account, the session audit-logged with method sso', async () => {
    const email = uniqueEmail('sso', domain);
    const idToken = await ssoToken(email);
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      email: string;
      email_verified: boolean;
      sso: unknown;
    };
    expect(claims).toMatchObject({ email, email_verified: true, sso: { organizationId: organization.organization.id, protocol: 'oidc' } });
    expect((await call(api, '/account/create', undefined, idToken)).status).toBe(200);
    expect((await call(api, '/session/login', undefined, idToken)).status).toBe(200);
    const sessions = await call<{ items: { signInMethod: string; current: boolean }[] }>(api, '/session/list', undefined, idToken);
    expect(sessions.body.items.find((item) => item.current)?.signInMethod).toBe('sso.oidc');
    const page = await call<AuditPageBody>(api, '/systemAdmin/auditEvent/list', { action: 'session.login', limit: 100 }, systemAdmin.token);
    const login = page.body.items.find((event) => event.changes.signInMethod?.after === 'sso');
    expect(login?.changes).toMatchObject({ signInProvider: { after: 'oidc' }, sso: { after: { organizationId: organization.organization.id } } });
  });

  it.each([
    ['issuer', 'SSO_WRONG_ISSUER'],
    ['audience', 'SSO_WRONG_AUDIENCE'],
    ['expired', 'SSO_TOKEN_EXPIRED'],
    ['signature', 'SSO_RESPONSE_INVALID'],
  ] as const)('refuses an ID token the provider altered (%s): %s', async (mode, errorCode) => {
    await tamper(mode);
    try {
      expect(await callback(await signInAtProvider(uniqueEmail('sso', domain)))).toEqual({ error: errorCode });
    } finally {
      await tamper('none');
    }
  });

  it('refuses a broken answer (the provider reports an error instead of a code) and a replayed callback', async () => {
    const answered = await signInAtProvider(uniqueEmail('sso', domain));
    const broken = new URL(answered);
    broken.searchParams.delete('code');
    broken.searchParams.set('error', 'server_error');
    expect(await callback(broken)).toEqual({ error: 'SSO_RESPONSE_INVALID' });
    // The attempt was used up by the broken answer: the genuine one, arriving after it, is a replay.
    expect(await callback(answered)).toEqual({ error: 'SSO_ATTEMPT_INVALID' });
    const replayed = await signInAtProvider(uniqueEmail('sso', domain));
    const { code } = await callback(replayed);
    expect(code).toEqual(expect.any(String));
    expect(await callback(replayed)).toEqual({ error: 'SSO_ATTEMPT_INVALID' });
    expect((await call(api, '/auth/sso/exchange', { code })).status).toBe(200);
    const again = await call<ErrorBodyShape>(api, '/auth/sso/exchange', { code });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ errorCode: 'SSO_ATTEMPT_INVALID', message: expect.stringContaining('有効期限') as unknown });
  });

  it("refuses an address outside the organization's verified domains", async () => {
    expect(await callback(await signInAtProvider(uniqueEmail('sso', 'elsewhere.example.jp')))).toEqual({ error: 'SSO_EMAIL_OUTSIDE_DOMAIN' });
  });

  it('an admin on its domain requires SSO only from a sign-in through the connection (SSO_SELF_LOCKOUT otherwise)', async () => {
    const domainAdmin = await createCaller(api, uniqueEmail('sso-admin', domain));
    await addOrganizationMember(api, domainAdmin.id, organization, ADMIN_ROLE_KEY);
    const requireSso = { ...OIDC_SETTINGS, oidcClientSecret: undefined, required: true };
    const refused = await save(domainAdmin.token, requireSso);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'SSO_SELF_LOCKOUT', message: 'SSOを必須にするには、先にご自身がこの組織のSSOでログインしてください' });
    const unchanged = await call<{ connection: ConnectionBody }>(
      api,
      '/organization/sso/get',
      { organizationId: organization.organization.id },
      domainAdmin.token,
    );
    expect(unchanged.body.connection).toMatchObject({ required: false });
    // Saving without the requirement stays open to the password sign-in; through the connection, requiring it is.
    expect((await save(domainAdmin.token, { ...OIDC_SETTINGS, oidcClientSecret: undefined })).status).toBe(200);
    const through = await ssoToken(domainAdmin.user.email);
    expect((await save(through, requireSso)).body).toMatchObject({ required: true });
    expect((await save(through, { ...requireSso, required: false })).body).toMatchObject({ required: false });
  });

  it('requires SSO of the members on its domain only: 403 SSO_REQUIRED to a password sign-in, not to an SSO one', async () => {
    expect((await save(admin.token, { ...OIDC_SETTINGS, oidcClientSecret: undefined, required: true })).body).toMatchObject({ required: true });
    const getOrganization = (token: string) => call<ErrorBodyShape>(api, '/organization/get', { organizationId: organization.organization.id }, token);
    const refused = await getOrganization(member.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: 'SSO_REQUIRED', message: expect.stringContaining('SSO') as unknown });
    expect((await getOrganization(await ssoToken(member.user.email))).status).toBe(200);
    expect((await getOrganization(otherMember.token)).status).toBe(200);
    const [updated] = await eventsOf('ssoConnection.update');
    expect(updated?.changes).toMatchObject({ required: { before: false, after: true } });
  });

  it('a system administrator sees every connection and disables a broken one: no sign-in, no requirement, audit-logged', async () => {
    const all = await call<(ConnectionBody & { organizationName: string })[]>(api, '/systemAdmin/sso/listAll', {}, systemAdmin.token);
    const listed = all.body.find((connection) => connection.organizationName === 'SSOの組織');
    expect(listed).toMatchObject({ type: 'oidc', required: true, enabled: true });
    expect((await call(api, '/systemAdmin/sso/listAll', {}, admin.token)).status).toBe(403);
    const disabled = await call<ConnectionBody>(api, '/systemAdmin/sso/disable', { connectionId: listed?.id }, systemAdmin.token);
    expect(disabled.body).toMatchObject({ enabled: false, disabledBySystemAdmin: true });
    expect((await call(api, '/auth/sso/discover', { email: member.user.email })).body).toEqual({ sso: false, startUrl: null });
    const start = await fetch(`${api.baseUrl}/auth/sso/start?domain=${domain}`, { redirect: 'manual' });
    expect(completion(start.headers.get('location'))).toEqual({ error: 'SSO_CONNECTION_DISABLED' });
    expect((await call(api, '/organization/get', { organizationId: organization.organization.id }, member.token)).status).toBe(200);
    const [event] = await eventsOf('ssoConnection.disable');
    expect(event).toMatchObject({ targetId: listed?.id, changes: { enabled: { before: true, after: false } } });
  });

  it('discovery tells nothing for an unknown or malformed domain and the start of an unknown domain leads back with an error', async () => {
    expect((await call(api, '/auth/sso/discover', { email: `a@${uniqueDomainName()}` })).body).toEqual({ sso: false, startUrl: null });
    expect((await call<ErrorBodyShape>(api, '/auth/sso/discover', { email: 'not-an-address' })).status).toBe(400);
    const start = await fetch(`${api.baseUrl}/auth/sso/start?domain=${uniqueDomainName()}`, { redirect: 'manual' });
    expect(completion(start.headers.get('location'))).toEqual({ error: 'SSO_CONNECTION_DISABLED' });
  });
});
