// @ts-check
// A SAML identity provider on loopback for the tests and local development (docs/integration.md#saml):
// it answers an AuthnRequest (HTTP-Redirect binding) with a login form, and the form with a
// SAMLResponse posted to the service's assertion consumer service (HTTP-POST binding), its assertion
// signed with xml-crypto by the committed test key (tools/fixtures/saml-test-idp.*.pem). On request
// (the form's "case", or samlResponse's options) the answer is one a service must refuse: another
// issuer or audience, expired, unsigned, signed by another key or altered after signing.
// CommonJS, so that the API's tests (compiled to CommonJS) build answers synchronously; its types are
// in saml-test-idp.d.cts. `node tools/saml-test-idp.cjs [port]` runs it for local development.
const { generateKeyPairSync, randomUUID } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { createServer } = require('node:http');
const path = require('node:path');
const { inflateRawSync } = require('node:zlib');
const xmlCrypto = require('xml-crypto');

/** @typedef {import('./saml-test-idp.cjs').SamlAnswer} SamlAnswer */
/** @typedef {import('./saml-test-idp.cjs').SamlCase} SamlCase */

const TEST_IDP_KEY = readFileSync(path.join(__dirname, 'fixtures', 'saml-test-idp.key.pem'), 'utf8');
/** The certificate of the test key: what a connection to this identity provider holds. */
const TEST_IDP_CERTIFICATE = readFileSync(path.join(__dirname, 'fixtures', 'saml-test-idp.cert.pem'), 'utf8');

/** The answers a service must refuse, by the name the login form offers them under. */
const SAML_CASES = /** @type {const} */ (['valid', 'wrong-issuer', 'wrong-audience', 'expired', 'unsigned', 'other-key', 'tampered']);

/** @param {string} value */
const escapeXml = (value) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** @param {Date} date */
const instant = (date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A key nobody's certificate names (for answers signed by another key), made once. */
let otherKey = /** @type {string | undefined} */ (undefined);
function anotherKey() {
  otherKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return otherKey;
}

/**
 * The answer's XML: a Response holding one Assertion, the assertion signed (enveloped, exclusive
 * canonicalization, RSA-SHA256) unless the answer is unsigned.
 * @param {SamlAnswer} answer
 * @returns {string}
 */
function samlResponseXml(answer) {
  const now = answer.now ?? new Date();
  const issueInstant = answer.issueInstant ?? now;
  const notBefore = answer.notBefore ?? new Date(now.getTime() - 60_000);
  const notOnOrAfter = answer.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
  const assertionId = answer.assertionId ?? `_${randomUUID()}`;
  const inResponseTo = answer.inResponseTo ? ` InResponseTo="${escapeXml(answer.inResponseTo)}"` : '';
  const issuer = `<saml:Issuer>${escapeXml(answer.issuer)}</saml:Issuer>`;
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${instant(issueInstant)}">` +
    issuer +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(answer.nameId ?? answer.email)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${instant(notOnOrAfter)}" Recipient="${escapeXml(answer.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${instant(notBefore)}" NotOnOrAfter="${instant(notOnOrAfter)}"><saml:AudienceRestriction><saml:Audience>${escapeXml(answer.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${instant(issueInstant)}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${escapeXml(answer.email)}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>` +
    '</saml:Assertion>';
  const response =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${instant(issueInstant)}" Destination="${escapeXml(answer.acsUrl)}"${inResponseTo}>` +
    issuer +
    '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
    assertion +
    '</samlp:Response>';
  if (answer.signingKey === null) return response;
  const signer = new xmlCrypto.SignedXml({
    privateKey: answer.signingKey ?? TEST_IDP_KEY,
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  });
  signer.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(response, { prefix: 'ds', location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' } });
  return signer.getSignedXml();
}

/**
 * The base64 SAMLResponse of the answer, as an identity provider posts it.
 * @param {SamlAnswer} answer
 */
function samlResponse(answer) {
  return Buffer.from(samlResponseXml(answer), 'utf8').toString('base64');
}

/**
 * The answer of one of the {@link SAML_CASES} to a request.
 * @param {SamlCase} samlCase
 * @param {SamlAnswer} answer the valid answer
 * @returns {string} the base64 SAMLResponse
 */
function samlCaseResponse(samlCase, answer) {
  const past = new Date(Date.now() - 60 * 60_000);
  switch (samlCase) {
    case 'valid':
      return samlResponse(answer);
    case 'wrong-issuer':
      return samlResponse({ ...answer, issuer: `${answer.issuer}/someone-else` });
    case 'wrong-audience':
      return samlResponse({ ...answer, audience: 'https://another-service.example.com/saml' });
    case 'expired':
      return samlResponse({ ...answer, issueInstant: past, notBefore: past, notOnOrAfter: new Date(past.getTime() + 5 * 60_000) });
    case 'unsigned':
      return samlResponse({ ...answer, signingKey: null });
    case 'other-key':
      return samlResponse({ ...answer, signingKey: anotherKey() });
    case 'tampered': {
      // Signed for one address, then changed to another: the digest no longer matches.
      const xml = samlResponseXml({ ...answer, email: `x${answer.email}` });
      return Buffer.from(xml.replaceAll(escapeXml(`x${answer.email}`), escapeXml(answer.email)), 'utf8').toString('base64');
    }
  }
}

/**
 * The ID, the assertion consumer service and the issuer of an AuthnRequest (HTTP-Redirect binding:
 * deflated and base64-encoded).
 * @param {string} encoded
 */
function readAuthnRequest(encoded) {
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const attribute = (/** @type {string} */ name) => new RegExp(`<(?:\\w+:)?AuthnRequest\\b[^>]*\\s${name}="([^"]*)"`).exec(xml)?.[1];
  const id = attribute('ID');
  const acsUrl = attribute('AssertionConsumerServiceURL');
  const issuer = /<(?:\w+:)?Issuer\b[^>]*>([^<]*)</.exec(xml)?.[1];
  if (!id || !acsUrl || !issuer) throw new Error('not an AuthnRequest with an ID, an AssertionConsumerServiceURL and an Issuer');
  return { id, acsUrl, issuer };
}

/** @param {string} value */
const escapeHtml = (value) => escapeXml(value).replace(/'/g, '&#39;');

/** @param {string} title @param {string} body */
const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;

/** @param {Record<string, string>} fields */
const hiddenFields = (fields) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');

/**
 * Starts the identity provider on 127.0.0.1 at `port` (0: a free one). Its single sign-on URL is
 * `<url>/sso`; the login form posts to `<url>/login`.
 * @param {{ port?: number; entityId?: string }} [options]
 * @returns {Promise<{ url: string; entityId: string; ssoUrl: string; certificatePem: string; stop: () => Promise<void> }>}
 */
function startSamlIdp({ port = 0, entityId } = {}) {
  /** @type {string} */
  let issuer = entityId ?? '';
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const answer = (/** @type {number} */ status, /** @type {string} */ html) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(html);
    };
    if (request.method === 'GET' && url.pathname === '/sso') {
      let authnRequest;
      try {
        authnRequest = readAuthnRequest(url.searchParams.get('SAMLRequest') ?? '');
      } catch (error) {
        answer(400, page('Bad request', `<p>${escapeHtml(String(error))}</p>`));
        return;
      }
      const options = SAML_CASES.map((name) => `<option value="${name}">${name}</option>`).join('');
      answer(
        200,
        page(
          'Test identity provider',
          `<h1>Test identity provider</h1><form method="post" action="/login">` +
            hiddenFields({
              requestId: authnRequest.id,
              acsUrl: authnRequest.acsUrl,
              audience: authnRequest.issuer,
              relayState: url.searchParams.get('RelayState') ?? '',
            }) +
            `<label>Email <input type="email" name="email" autocomplete="username" required></label>` +
            `<label>Answer <select name="case">${options}</select></label>` +
            `<button type="submit">Sign in</button></form>`,
        ),
      );
      return;
    }
    if (request.method === 'POST' && url.pathname === '/login') {
      const chunks = /** @type {Buffer[]} */ ([]);
      request.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
      request.on('end', () => {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const field = (/** @type {string} */ name) => form.get(name) ?? '';
        const samlCase = SAML_CASES.find((name) => name === field('case')) ?? 'valid';
        const saml = samlCaseResponse(samlCase, {
          issuer,
          acsUrl: field('acsUrl'),
          audience: field('audience'),
          inResponseTo: field('requestId'),
          email: field('email'),
        });
        // The HTTP-POST binding: a form the browser posts to the service at once.
        answer(
          200,
          page(
            'Signing in…',
            `<form method="post" action="${escapeHtml(field('acsUrl'))}">${hiddenFields({ SAMLResponse: saml, RelayState: field('relayState') })}<noscript><button type="submit">Continue</button></noscript></form>` +
              '<script>document.forms[0].submit()</script>',
          ),
        );
      });
      return;
    }
    answer(404, page('Not found', '<p>Not found</p>'));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      const url = `http://127.0.0.1:${address.port}`;
      issuer ||= `${url}/metadata`;
      resolve({
        url,
        entityId: issuer,
        ssoUrl: `${url}/sso`,
        certificatePem: TEST_IDP_CERTIFICATE,
        stop: () => new Promise((done) => server.close(() => done(undefined))),
      });
    });
  });
}

module.exports = { samlResponse, startSamlIdp };

if (require.main === module) {
  startSamlIdp({ port: Number(process.argv[2] ?? 0) }).then(
    (idp) => {
      console.log(
        `SAML test identity provider\n  entity id: ${idp.entityId}\n  SSO URL:   ${idp.ssoUrl}\n  certificate: tools/fixtures/saml-test-idp.cert.pem`,
      );
    },
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
