import { ADMIN_ROLE_KEY, type ErrorCode } from '@console/domain';
import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { FirebaseAuthService } from '../src/common/auth/firebase-auth.service';
import { SAML_CLOCK_SKEW_MS } from '../src/modules/saml/saml-protocol';
import { samlResponse, startSamlIdp, type SamlAnswer, type SamlCase } from '../../../tools/saml-test-idp.cjs';
import {
  addOrganizationMember,
  createCaller,
  createOrganization,
  insertJoinableDomain,
  type Caller,
  type ErrorBodyShape,
  type OrganizationFixture,
} from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';

const PUBLIC_API_URL = 'https://api.console.example.jp';
const ENTITY_ID = `${PUBLIC_API_URL}/auth/sso/saml/metadata`;
const CALLBACK_URL = `${PUBLIC_API_URL}/auth/sso/callback`;

interface ConnectionBody extends ErrorBodyShape {
  id: string;
  type: string;
  saml?: { entityId: string; ssoUrl: string };
}

/** A sign-in started at the API and shown the identity provider's login form: what the form carries. */
interface AtLoginForm {
  /** The AuthnRequest's ID, as the form keeps it. */
  requestId: string;
  acsUrl: string;
  audience: string;
  relayState: string;
  /** The AuthnRequest as the API sent it (XML). */
  authnRequest: string;
}

/** The hidden fields of an HTML page's form, by name. */
const hiddenFields = (html: string): Record<string, string> =>
  Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m): [string, string] => [m[1] ?? '', m[2] ?? '']));

/** The fields of the fragment of the web's completion page the API redirected to. */
function completion(response: Response): Record<string, string> {
  expect(response.status).toBe(303);
  const location = response.headers.get('location') ?? '';
  expect(location).toMatch(/^http:\/\/localhost:5173\/auth\/sso#/);
  return Object.fromEntries(new URLSearchParams(new URL(location).hash.slice(1)));
}

/** The payload of a JWT (the custom token firebase-admin signed), not verified. */
const jwtPayload = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

describe('single sign-on through a SAML identity provider (docs/integration.md#saml)', () => {
  let api: TestApi;
  let idp: Awaited<ReturnType<typeof startSamlIdp>>;
  let organization: OrganizationFixture;
  let domain: string;
  let admin: Caller;
  let connection: ConnectionBody;

  beforeAll(async () => {
    [api, idp] = await Promise.all([startApi({ PUBLIC_API_URL, SSO_ALLOW_INSECURE_ISSUERS: 'true', MAIL_WORKER_ENABLED: 'false' }), startSamlIdp()]);
    organization = await createOrganization(api, 'SAMLの組織');
    ({ domain } = await insertJoinableDomain(api, organization, 'off'));
    admin = await createCaller(api);
    await addOrganizationMember(api, admin.id, organization, ADMIN_ROLE_KEY);
    const saved = await call<ConnectionBody>(
      api,
      '/organization/sso/save',
      {
        organizationId: organization.organization.id,
        type: 'saml',
        enabled: true,
        required: false,
        samlEntityId: idp.entityId,
        samlSsoUrl: idp.ssoUrl,
        // A request's text holds no line breaks (common/http/request-body.ts): the PEM's are sent as spaces.
        samlCertificate: idp.certificatePem.replace(/\n/g, ' '),
      },
      admin.token,
    );
    expect(saved.status).toBe(200);
    connection = saved.body;
    expect(connection).toMatchObject({ type: 'saml', saml: { entityId: idp.entityId, ssoUrl: idp.ssoUrl } });
  });

  afterAll(async () => {
    await Promise.all([api.close(), idp.stop()]);
  });

  /** Starts a sign-in for the domain at the API and opens the identity provider's login form it is sent to. */
  async function startSignIn(forDomain = domain): Promise<AtLoginForm> {
    const start = await fetch(`${api.baseUrl}/auth/sso/start?domain=${encodeURIComponent(forDomain)}`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const location = new URL(start.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(idp.ssoUrl);
    const authnRequest = inflateRawSync(Buffer.from(location.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
    const form = hiddenFields(await (await fetch(location)).text());
    return { requestId: form.requestId ?? '', acsUrl: form.acsUrl ?? '', audience: form.audience ?? '', relayState: form.relayState ?? '', authnRequest };
  }

  /** Signs in at the identity provider's login form as `email`, its answer being `samlCase`; the form it posts to the ACS. */
  async function loginAtIdp(at: AtLoginForm, email: string, samlCase: SamlCase = 'valid'): Promise<{ SAMLResponse: string; RelayState: string }> {
    const page = await fetch(`${idp.url}/login`, {
      method: 'POST',
      body: new URLSearchParams({ requestId: at.requestId, acsUrl: at.acsUrl, audience: at.audience, relayState: at.relayState, email, case: samlCase }),
    });
    const html = await page.text();
    expect(html).toContain(`action="${CALLBACK_URL}"`);
    const fields = hiddenFields(html);
    return { SAMLResponse: fields.SAMLResponse ?? '', RelayState: fields.RelayState ?? '' };
  }

  /** Posts the identity provider's form to the API's ACS as the browser does; the fields of the completion page it leads to. */
  async function postToAcs(form: { SAMLResponse: string; RelayState: string }): Promise<Record<string, string>> {
    return completion(await fetch(`${api.baseUrl}/auth/sso/callback`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' }));
  }

  /** The valid answer to the sign-in's request, to alter. */
  const answerTo = (at: AtLoginForm, email = `saml-${randomUUID().slice(0, 8)}@${domain}`): SamlAnswer => ({
    issuer: idp.entityId,
    acsUrl: at.acsUrl,
    audience: at.audience,
    inResponseTo: at.requestId,
    email,
  });

  it('publishes the service provider metadata: the entity id, the callback as ACS (HTTP-POST), signed assertions wanted', async () => {
    const settings = await call<{ callbackUrl: string; samlEntityId: string }>(
      api,
      '/organization/sso/get',
      { organizationId: organization.organization.id },
      admin.token,
    );
    expect(settings.body).toMatchObject({ callbackUrl: CALLBACK_URL, samlEntityId: ENTITY_ID });
    const response = await fetch(`${api.baseUrl}/auth/sso/saml/metadata`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/samlmetadata+xml; charset=utf-8');
    const metadata = await response.text();
    expect(metadata).toContain(`entityID="${ENTITY_ID}"`);
    expect(metadata).toContain('WantAssertionsSigned="true"');
    expect(metadata).toMatch(
      new RegExp(`<AssertionConsumerService [^>]*Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" [^>]*Location="${CALLBACK_URL}"`),
    );
  });

  it("sends the AuthnRequest (HTTP-Redirect) naming the console, its ACS and the connection's SSO URL, the attempt's state as RelayState", async () => {
    const at = await startSignIn();
    expect(at.authnRequest).toContain(`ID="${at.requestId}"`);
    expect(at.requestId).toMatch(/^_[\w-]{43}$/);
    expect(at.authnRequest).toContain(`Destination="${idp.ssoUrl}"`);
    expect(at.authnRequest).toContain(`AssertionConsumerServiceURL="${CALLBACK_URL}"`);
    expect(at.authnRequest).toContain(`>${ENTITY_ID}</saml:Issuer>`);
    expect(at.audience).toBe(ENTITY_ID);
    expect(at.relayState).toMatch(/^[\w-]{43}$/);
  });

  it('signs in through the login form: the completion code is exchanged for a custom token of the address carrying the sso claim', async () => {
    const email = `Hanako.${randomUUID().slice(0, 8)}@${domain.toUpperCase()}`;
    const { code, error } = await postToAcs(await loginAtIdp(await startSignIn(), email));
    expect(error).toBeUndefined();
    const exchanged = await call<{ customToken: string }>(api, '/auth/sso/exchange', { code });
    expect(exchanged.status).toBe(200);
    const payload = jwtPayload(exchanged.body.customToken);
    expect(payload.claims).toEqual({ sso: { organizationId: organization.organization.id, connectionId: connection.id, protocol: 'saml' } });
    // The Firebase user of the address (lower-cased), its ownership vouched for by the identity provider.
    expect(typeof payload.uid).toBe('string');
    await expect(api.app.get(FirebaseAuthService).hasVerifiedEmail(String(payload.uid), email.toLowerCase())).resolves.toBe(true);
  });

  it.each<[SamlCase, ErrorCode]>([
    ['wrong-issuer', 'SSO_WRONG_ISSUER'],
    ['wrong-audience', 'SSO_WRONG_AUDIENCE'],
    ['expired', 'SSO_TOKEN_EXPIRED'],
    ['unsigned', 'SSO_RESPONSE_INVALID'],
    ['other-key', 'SSO_RESPONSE_INVALID'],
    ['tampered', 'SSO_RESPONSE_INVALID'],
  ])('refuses the answer %s with %s', async (samlCase, code) => {
    const at = await startSignIn();
    expect(await postToAcs(await loginAtIdp(at, `taro@${domain}`, samlCase))).toEqual({ error: code });
  });

  it('refuses what is no SAML answer, and an answer to another sign-in', async () => {
    const at = await startSignIn();
    expect(await postToAcs({ SAMLResponse: Buffer.from('<html>not saml</html>').toString('base64'), RelayState: at.relayState })).toEqual({
      error: 'SSO_RESPONSE_INVALID',
    });
    const [mine, other] = [await startSignIn(), await startSignIn()];
    expect(await postToAcs({ SAMLResponse: samlResponse(answerTo(other)), RelayState: mine.relayState })).toEqual({ error: 'SSO_RESPONSE_INVALID' });
    const unasked = await startSignIn();
    expect(await postToAcs({ SAMLResponse: samlResponse({ ...answerTo(unasked), inResponseTo: undefined }), RelayState: unasked.relayState })).toEqual({
      error: 'SSO_RESPONSE_INVALID',
    });
  });

  it('refuses the same answer posted twice: the sign-in is used up', async () => {
    const form = await loginAtIdp(await startSignIn(), `jiro@${domain}`);
    expect((await postToAcs(form)).code).toBeDefined();
    expect(await postToAcs(form)).toEqual({ error: 'SSO_ATTEMPT_INVALID' });
  });

  it('refuses an assertion accepted before, in a new sign-in, kept in Postgres until it expires', async () => {
    const assertionId = `_${randomUUID()}`;
    const notOnOrAfter = new Date(Date.now() + 5 * 60_000);
    const first = await startSignIn();
    expect(
      (await postToAcs({ SAMLResponse: samlResponse({ ...answerTo(first), assertionId, notOnOrAfter }), RelayState: first.relayState })).code,
    ).toBeDefined();
    const again = await startSignIn();
    expect(await postToAcs({ SAMLResponse: samlResponse({ ...answerTo(again), assertionId, notOnOrAfter }), RelayState: again.relayState })).toEqual({
      error: 'SSO_ASSERTION_REPLAYED',
    });
    const rows = await api.app
      .get(DataSource)
      .query<{ connection_id: string; expires_at: Date }[]>('SELECT connection_id, expires_at FROM used_saml_assertions WHERE assertion_id = $1', [
        assertionId,
      ]);
    expect(rows.map((row) => [row.connection_id, row.expires_at.getTime()])).toEqual([
      [connection.id, Math.floor(notOnOrAfter.getTime() / 1000) * 1000 + SAML_CLOCK_SKEW_MS],
    ]);
  });

  it('forgets the assertions that expired', async () => {
    const dataSource = api.app.get(DataSource);
    await dataSource.query(
      `INSERT INTO used_saml_assertions (connection_id, assertion_id, expires_at) VALUES ($1, 'expired-one', now() - interval '1 second')`,
      [connection.id],
    );
    const at = await startSignIn();
    expect((await postToAcs(await loginAtIdp(at, `saburo@${domain}`))).code).toBeDefined();
    const rows = await dataSource.query<unknown[]>(`SELECT 1 FROM used_saml_assertions WHERE assertion_id = 'expired-one'`);
    expect(rows).toHaveLength(0);
  });

  it(`allows a clock skew of ${SAML_CLOCK_SKEW_MS / 1000} s, not more`, async () => {
    const now = Date.now();
    const post = async (change: Partial<SamlAnswer>) => {
      const at = await startSignIn();
      return postToAcs({ SAMLResponse: samlResponse({ ...answerTo(at), ...change }), RelayState: at.relayState });
    };
    const before = new Date(now - 5 * 60_000);
    expect((await post({ now: before, notOnOrAfter: new Date(now - SAML_CLOCK_SKEW_MS / 2) })).code).toBeDefined();
    expect((await post({ notBefore: new Date(now + SAML_CLOCK_SKEW_MS / 2) })).code).toBeDefined();
    expect(await post({ now: before, notOnOrAfter: new Date(now - 2 * SAML_CLOCK_SKEW_MS) })).toEqual({ error: 'SSO_TOKEN_EXPIRED' });
    expect(await post({ notBefore: new Date(now + 2 * SAML_CLOCK_SKEW_MS) })).toEqual({ error: 'SSO_TOKEN_EXPIRED' });
  });

  it('refuses an SSO URL over plain HTTP where SSO_ALLOW_INSECURE_ISSUERS does not allow it', async () => {
    const strict = await startApi({ PUBLIC_API_URL, SSO_ALLOW_INSECURE_ISSUERS: 'false', MAIL_WORKER_ENABLED: 'false' });
    try {
      const saved = await call<ConnectionBody>(
        strict,
        '/organization/sso/save',
        {
          organizationId: organization.organization.id,
          type: 'saml',
          enabled: true,
          required: false,
          samlEntityId: idp.entityId,
          samlSsoUrl: 'http://idp.example.jp/sso',
          samlCertificate: idp.certificatePem.replace(/\n/g, ' '),
        },
        admin.token,
      );
      expect([saved.status, saved.body.errorCode, saved.body.message]).toEqual([400, 'VALIDATION_FAILED', 'samlSsoUrl must be an https URL']);
    } finally {
      await strict.close();
    }
  });

  it("refuses an address outside the organization's verified domains", async () => {
    const at = await startSignIn();
    expect(await postToAcs(await loginAtIdp(at, 'someone@elsewhere.example.com'))).toEqual({ error: 'SSO_EMAIL_OUTSIDE_DOMAIN' });
  });
});
