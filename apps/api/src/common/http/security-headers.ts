import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppConfig } from '../../config/app-config';

/** HSTS outside development: two years, subdomains included (as the web server sends it, apps/web/nginx). */
const HSTS_MAX_AGE_SECONDS = 63_072_000;

/**
 * Security headers of every answer, errors and 404s included (helmet's, set on onRequest):
 * - `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'`: an answer is JSON (or an
 *   image), never a page that loads anything or may be framed; `X-Frame-Options: DENY` for old browsers;
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`, `Cross-Origin-Opener-Policy`,
 *   `Cross-Origin-Resource-Policy: same-site` (the console's apps and APIs share one site, and the
 *   web app shows the images of /files), no `X-Powered-By`;
 * - `Strict-Transport-Security` except in development (APP_ENV=dev, plain http on a developer's
 *   machine): the API's own host (PUBLIC_API_URL) is reached over https without the web server in
 *   front; browsers ignore the header over http, so it is harmless in tests;
 * - `Cache-Control: no-store` on every answer, health checks included (nothing the API answers may be
 *   kept by a browser or a proxy: it is account data, or a state that is only true now), unless the
 *   handler sets its own: the content-addressed images of /files stay cacheable.
 * Handlers may override any of them with their own header (the development mailbox page allows its
 * inline style). The headers are the same on every answer: helmet's middleware runs once at
 * startup, on a response that records what it sets, and one hook sets them on each answer (rather
 * than running the middleware again for every request). Returns them, for the answers written
 * without Fastify (common/http/client-error.ts).
 */
export function installSecurityHeaders(app: NestFastifyApplication, config: AppConfig): [string, string][] {
  const headers: [string, string][] = [...helmetHeaders(config), ['cache-control', 'no-store']];
  // Among the answer's own headers, which a handler's own header replaces; not on the Node response
  // (helmet's way), where Node would then copy every header of the answer once more as it is sent.
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) void reply.header(name, value);
      done();
    });
  return headers;
}

/** The headers (lower-case names, in name order) helmet sets with the API's options. */
function helmetHeaders(config: AppConfig): [string, string][] {
  const set = new Map<string, string>();
  // Helmet's middleware only sets and removes headers of the response; it reads nothing of the request.
  const response: Pick<ServerResponse, 'setHeader' | 'removeHeader'> = {
    setHeader(name, value) {
      set.set(name.toLowerCase(), String(value));
      return response as ServerResponse;
    },
    removeHeader(name) {
      set.delete(name.toLowerCase());
    },
  };
  // What the middleware passed on to the next one: undefined once it has set everything.
  let outcome: unknown = 'not finished';
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'same-site' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: config.environment === 'dev' ? false : { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true },
  })({} as IncomingMessage, response as ServerResponse, (error?: unknown) => {
    outcome = error;
  });
  if (outcome !== undefined) throw new Error('helmet did not set the security headers', { cause: outcome });
  return [...set].sort(([a], [b]) => a.localeCompare(b));
}
