// @ts-check
// A real OpenID provider on loopback (the `oidc-provider` package) for the single sign-on tests and
// for trying SSO out locally (docs/integration.md#single-sign-on). Its sign-in is the package's
// development interaction: a login form taking any login (used as the address) and any password,
// then a consent page. For the refusals the tests need, the ID token the token endpoint answers can
// be altered — re-signed with the provider's own key, so that only the altered claim is wrong — by
// POSTing a mode to <issuer>/__tamper: `issuer`, `audience`, `expired`, `signature` (a broken
// signature) or `none`.
import { createServer } from 'node:http';
import { generateKeyPair, exportJWK, SignJWT } from 'jose';
import Provider from 'oidc-provider';

/** @typedef {'none' | 'issuer' | 'audience' | 'expired' | 'signature'} TamperMode */
const TAMPER_MODES = ['none', 'issuer', 'audience', 'expired', 'signature'];

/**
 * The ID token altered as `mode` says.
 * @param {string} idToken
 * @param {TamperMode} mode
 * @param {import('jose').CryptoKey} key
 * @param {string} kid
 * @returns {Promise<string>}
 */
async function tampered(idToken, mode, key, kid) {
  if (mode === 'signature') {
    const [header, payload, signature] = idToken.split('.');
    const flipped = (signature?.startsWith('A') ? 'B' : 'A') + (signature ?? '').slice(1);
    return `${header}.${payload}.${flipped}`;
  }
  const payload = /** @type {unknown} */ (JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')));
  const claims = /** @type {Record<string, unknown>} */ (payload);
  const now = Math.floor(Date.now() / 1000);
  if (mode === 'issuer') claims.iss = `${String(claims.iss)}/another-issuer`;
  if (mode === 'audience') claims.aud = 'another-client';
  if (mode === 'expired') Object.assign(claims, { iat: now - 600, exp: now - 300 });
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
}

/**
 * Starts the provider on 127.0.0.1 at `port` (0: a free one) with one confidential client.
 * @param {{ port?: number; clientId: string; clientSecret: string; redirectUris: string[] }} options
 * @returns {Promise<{ issuer: string; stop: () => Promise<void> }>}
 */
export async function startOidcProvider({ port = 0, clientId, clientSecret, redirectUris }) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'test-key';
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  /** @type {TamperMode} */
  let mode = 'none';
  const server = createServer();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the OpenID provider has no address');
  const issuer = `http://127.0.0.1:${address.port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The login is the address; the provider vouches for it.
    findAccount: (/** @type {unknown} */ _ctx, /** @type {string} */ sub) => ({ accountId: sub, claims: () => ({ sub, email: sub, email_verified: true }) }),
    cookies: { keys: ['console-oidc-test-provider'] },
    features: { devInteractions: { enabled: true } },
  });
  provider.use(async (/** @type {import('oidc-provider').KoaContextWithOIDC} */ ctx, /** @type {() => Promise<void>} */ next) => {
    await next();
    const body = /** @type {{ id_token?: unknown } | undefined} */ (ctx.body);
    if (mode !== 'none' && ctx.path === '/token' && typeof body?.id_token === 'string') {
      ctx.body = { ...body, id_token: await tampered(body.id_token, mode, privateKey, kid) };
    }
  });
  const handle = provider.callback();
  server.on('request', (request, response) => {
    if (request.url !== '/__tamper' || request.method !== 'POST') {
      void handle(request, response);
      return;
    }
    let text = '';
    request.on('data', (chunk) => (text += String(chunk)));
    request.on('end', () => {
      const asked = text.trim();
      if (!TAMPER_MODES.includes(asked)) {
        response.writeHead(400).end(`unknown mode ${asked}`);
        return;
      }
      mode = /** @type {TamperMode} */ (asked);
      response.writeHead(204).end();
    });
  });
  return {
    issuer,
    stop: () => new Promise((done) => server.close(() => done(undefined))),
  };
}
