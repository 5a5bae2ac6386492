import fastifyHelmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../../config/app-config';

/** HSTS outside development: two years, subdomains included (as the web server sends it, apps/web/nginx). */
const HSTS_MAX_AGE_SECONDS = 63_072_000;

/**
 * Security headers of every answer, errors and 404s included (@fastify/helmet, onRequest):
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
 * inline style).
 */
export async function installSecurityHeaders(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'same-site' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: config.environment === 'dev' ? false : { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true },
  });
  // On the Node response, like helmet's headers: a header the handler sets itself takes precedence.
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (_request, reply, done) => {
      reply.raw.setHeader('cache-control', 'no-store');
      done();
    });
}
