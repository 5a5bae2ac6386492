import fastifyHelmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fastify from 'fastify';
import type { AppConfig } from '../../config/app-config';
import { lazySchemaCompilers } from './schema-compilers';

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
 * inline style). The headers are the same on every answer: @fastify/helmet computes them once, on a
 * probe answer at startup, and one hook sets them on each answer (the plugin itself would build
 * its middleware again for every request). Returns them, for the answers written without Fastify
 * (common/http/client-error.ts).
 */
export async function installSecurityHeaders(app: NestFastifyApplication, config: AppConfig): Promise<[string, string][]> {
  const headers: [string, string][] = [...(await helmetHeaders(config)), ['cache-control', 'no-store']];
  // On the Node response, like helmet's own: a header the handler sets itself takes precedence.
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of headers) raw.setHeader(name, value);
      done();
    });
  return headers;
}

/** Headers of every answer rather than of the probe's body. */
const BODY_HEADERS: ReadonlySet<string> = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/** The headers @fastify/helmet sets with the API's options, read from an answer of a probe server that is not listening. */
async function helmetHeaders(config: AppConfig): Promise<[string, string][]> {
  const probe = fastify({ schemaController: { compilersFactory: lazySchemaCompilers() } });
  await probe.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'same-site' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: config.environment === 'dev' ? false : { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true },
  });
  probe.get('/', () => '');
  try {
    const answer = await probe.inject({ method: 'GET', url: '/' });
    return Object.entries(answer.headers).flatMap(([name, value]) =>
      BODY_HEADERS.has(name) || value === undefined ? [] : [[name, String(value)] as [string, string]],
    );
  } finally {
    await probe.close();
  }
}
