import { DomainError, type ErrorCode } from '@console/domain';
import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { SAML_CLOCK_SKEW_MS, SamlProtocol, type SamlConnectionSettings, type SamlRequestRecord } from '../src/modules/saml/saml-protocol';
import { samlCaseResponse, samlResponse, startSamlIdp, TEST_IDP_CERTIFICATE, type SamlAnswer, type SamlCase } from '../../../tools/saml-test-idp.cjs';
import { startApi, type TestApi } from './support/harness';

const IDP_ENTITY_ID = 'https://idp.example.jp/saml';

/** A connection of its own (assertion ids are kept per connection). */
const connection = (): SamlConnectionSettings => ({
  id: randomUUID().replaceAll('-', '').slice(0, 12),
  idpEntityId: IDP_ENTITY_ID,
  ssoUrl: 'https://idp.example.jp/sso',
  certificatePem: TEST_IDP_CERTIFICATE,
});

/** The hidden fields of an HTML page's form, by name. */
const hiddenFields = (html: string): Record<string, string> =>
  Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m): [string, string] => [m[1] ?? '', m[2] ?? '']));

/** The error code a refused answer carries. */
async function refusal(promise: Promise<unknown>): Promise<ErrorCode> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.errorCode;
}

describe('SAML sign-in (docs/integration.md#saml)', () => {
  let api: TestApi;
  let saml: SamlProtocol;

  beforeAll(async () => {
    api = await startApi({ PUBLIC_API_URL: 'https://api.console.example.jp' });
    saml = api.app.get(SamlProtocol);
  });

  afterAll(async () => {
    await api.close();
  });

  /** A sign-in started at the connection: its AuthnRequest and the valid answer to it. */
  const started = async (settings = connection()) => {
    const { request } = await saml.startUrl(settings, 'relay-state');
    const answer: SamlAnswer = {
      issuer: IDP_ENTITY_ID,
      acsUrl: saml.acsUrl,
      audience: saml.entityId,
      inResponseTo: request.requestId,
      email: 'Hanako@Corp.example.jp',
    };
    return { settings, request, answer };
  };

  it('sends the AuthnRequest to the identity provider with the relay state, naming the console and its ACS', async () => {
    const settings = connection();
    const { url, request } = await saml.startUrl(settings, 'attempt-key');
    const target = new URL(url);
    expect(`${target.origin}${target.pathname}`).toBe(settings.ssoUrl);
    expect(target.searchParams.get('RelayState')).toBe('attempt-key');
    const xml = inflateRawSync(Buffer.from(target.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
    expect(xml).toContain(`ID="${request.requestId}"`);
    expect(xml).toContain(`AssertionConsumerServiceURL="https://api.console.example.jp/auth/sso/saml/acs"`);
    expect(xml).toContain(
      `<saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">https://api.console.example.jp/auth/sso/saml/metadata</saml:Issuer>`,
    );
    expect(Date.now() - request.sentAt.getTime()).toBeLessThan(10_000);
  });

  it("gives the service provider's metadata: its entity id, its ACS (HTTP-POST) and signed assertions wanted", () => {
    const metadata = saml.metadata();
    expect(metadata).toContain('entityID="https://api.console.example.jp/auth/sso/saml/metadata"');
    expect(metadata).toContain('WantAssertionsSigned="true"');
    expect(metadata).toMatch(
      /<AssertionConsumerService [^>]*Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" [^>]*Location="https:\/\/api.console.example.jp\/auth\/sso\/saml\/acs"/,
    );
  });

  it('accepts the signed answer to its request: the address (lower-cased) and the subject', async () => {
    const { settings, request, answer } = await started();
    await expect(saml.complete(settings, samlResponse(answer), request)).resolves.toEqual({
      email: 'hanako@corp.example.jp',
      emailVerified: true,
      subject: 'Hanako@Corp.example.jp',
    });
  });

  it.each<[SamlCase, ErrorCode]>([
    ['wrong-issuer', 'SSO_WRONG_ISSUER'],
    ['wrong-audience', 'SSO_WRONG_AUDIENCE'],
    ['expired', 'SSO_TOKEN_EXPIRED'],
    ['unsigned', 'SSO_RESPONSE_INVALID'],
    ['other-key', 'SSO_RESPONSE_INVALID'],
    ['tampered', 'SSO_RESPONSE_INVALID'],
  ])('refuses the answer %s with %s', async (samlCase, code) => {
    const { settings, request, answer } = await started();
    expect(await refusal(saml.complete(settings, samlCaseResponse(samlCase, answer), request))).toBe(code);
  });

  it('refuses what is not a SAML answer at all', async () => {
    const { settings, request } = await started();
    expect(await refusal(saml.complete(settings, Buffer.from('<html>not saml</html>').toString('base64'), request))).toBe('SSO_RESPONSE_INVALID');
    expect(await refusal(saml.complete(settings, '%%%', request))).toBe('SSO_RESPONSE_INVALID');
  });

  it('refuses an answer to another request, to none, or to a request sent too long ago', async () => {
    const { settings, request, answer } = await started();
    const other = await started(settings);
    expect(await refusal(saml.complete(settings, samlResponse(other.answer), request))).toBe('SSO_RESPONSE_INVALID');
    expect(await refusal(saml.complete(settings, samlResponse({ ...answer, inResponseTo: undefined }), request))).toBe('SSO_RESPONSE_INVALID');
    const old: SamlRequestRecord = { ...request, sentAt: new Date(Date.now() - 11 * 60_000) };
    expect(await refusal(saml.complete(settings, samlResponse(answer), old))).toBe('SSO_RESPONSE_INVALID');
  });

  it(`allows a clock skew of ${SAML_CLOCK_SKEW_MS / 1000} s, not more`, async () => {
    const now = Date.now();
    const within = await started();
    const lateButWithin = { ...within.answer, now: new Date(now - 5 * 60_000), notOnOrAfter: new Date(now - SAML_CLOCK_SKEW_MS / 2) };
    await expect(saml.complete(within.settings, samlResponse(lateButWithin), within.request)).resolves.toMatchObject({ email: 'hanako@corp.example.jp' });
    const early = await started();
    const earlyButWithin = { ...early.answer, notBefore: new Date(now + SAML_CLOCK_SKEW_MS / 2) };
    await expect(saml.complete(early.settings, samlResponse(earlyButWithin), early.request)).resolves.toMatchObject({ email: 'hanako@corp.example.jp' });
    const beyond = await started();
    const tooLate = { ...beyond.answer, now: new Date(now - 5 * 60_000), notOnOrAfter: new Date(now - 2 * SAML_CLOCK_SKEW_MS) };
    expect(await refusal(saml.complete(beyond.settings, samlResponse(tooLate), beyond.request))).toBe('SSO_TOKEN_EXPIRED');
    const future = await started();
    const tooEarly = { ...future.answer, notBefore: new Date(now + 2 * SAML_CLOCK_SKEW_MS) };
    expect(await refusal(saml.complete(future.settings, samlResponse(tooEarly), future.request))).toBe('SSO_TOKEN_EXPIRED');
  });

  it('refuses an assertion used already, kept in Postgres until it expires; the same ID from another connection is its own', async () => {
    const { settings, request, answer } = await started();
    const assertionId = `_${randomUUID()}`;
    const notOnOrAfter = new Date(Date.now() + 5 * 60_000);
    const posted = samlResponse({ ...answer, assertionId, notOnOrAfter });
    await expect(saml.complete(settings, posted, request)).resolves.toMatchObject({ email: 'hanako@corp.example.jp' });
    expect(await refusal(saml.complete(settings, posted, request))).toBe('SSO_ASSERTION_REPLAYED');
    // Posted again in a new sign-in of the same connection: still the same assertion.
    const again = await started(settings);
    expect(await refusal(saml.complete(settings, samlResponse({ ...again.answer, assertionId }), again.request))).toBe('SSO_ASSERTION_REPLAYED');
    const rows = await api.app
      .get(DataSource)
      .query<{ expires_at: Date }[]>('SELECT expires_at FROM used_saml_assertions WHERE connection_id = $1 AND assertion_id = $2', [settings.id, assertionId]);
    expect(rows.map((row) => row.expires_at.getTime())).toEqual([Math.floor(notOnOrAfter.getTime() / 1000) * 1000 + SAML_CLOCK_SKEW_MS]);
    const elsewhere = await started();
    await expect(saml.complete(elsewhere.settings, samlResponse({ ...elsewhere.answer, assertionId }), elsewhere.request)).resolves.toMatchObject({
      email: 'hanako@corp.example.jp',
    });
  });

  it('forgets the assertions that expired', async () => {
    const dataSource = api.app.get(DataSource);
    const settings = connection();
    await dataSource.query(`INSERT INTO used_saml_assertions (connection_id, assertion_id, expires_at) VALUES ($1, 'old', now() - interval '1 second')`, [
      settings.id,
    ]);
    const { request, answer } = await started(settings);
    await saml.complete(settings, samlResponse(answer), request);
    const rows = await dataSource.query<{ assertion_id: string }[]>('SELECT assertion_id FROM used_saml_assertions WHERE connection_id = $1', [settings.id]);
    expect(rows.map((row) => row.assertion_id)).not.toContain('old');
    expect(rows).toHaveLength(1);
  });

  it('is answered by the test identity provider: its login form posts a signed answer to the ACS', async () => {
    const idp = await startSamlIdp();
    try {
      const settings = { ...connection(), idpEntityId: idp.entityId, ssoUrl: idp.ssoUrl, certificatePem: idp.certificatePem };
      const { url, request } = await saml.startUrl(settings, 'relay');
      const form = await (await fetch(url)).text();
      const hidden = hiddenFields(form);
      expect(hidden).toMatchObject({ requestId: request.requestId, acsUrl: saml.acsUrl, audience: saml.entityId, relayState: 'relay' });
      const posted = await fetch(`${idp.url}/login`, {
        method: 'POST',
        body: new URLSearchParams({ ...hidden, email: 'taro@corp.example.jp', case: 'valid' }),
      });
      const answerPage = await posted.text();
      expect(answerPage).toContain(`action="${saml.acsUrl}"`);
      const fields = hiddenFields(answerPage);
      expect(fields.RelayState).toBe('relay');
      await expect(saml.complete(settings, fields.SAMLResponse ?? '', request)).resolves.toMatchObject({ email: 'taro@corp.example.jp' });
    } finally {
      await idp.stop();
    }
  });
});
