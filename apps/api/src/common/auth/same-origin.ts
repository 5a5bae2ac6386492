import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config';

/** The console's own origin and those of the sibling products' apps of this environment. */
export function trustedOrigins(config: Pick<AppConfig, 'appOrigin' | 'deployment'>): Set<string> {
  const hosts = config.deployment.hosts;
  const candidates = [config.appOrigin, hosts.auth.app, hosts.knowledge.app, hosts.troppus.app, hosts.speak.app, hosts.intelligence.app];
  const origins = new Set<string>();
  for (const candidate of candidates) {
    try {
      origins.add(new URL(candidate).origin);
    } catch {
      /* not a URL: nothing to trust */
    }
  }
  return origins;
}

/**
 * Whether a request authenticated by the session cookie alone comes from one of our pages: the
 * browser says it is same-origin (Sec-Fetch-Site), or its Origin is the console's or a sibling
 * product's app. Same-site is not enough by itself: any other host of the site (a forgotten
 * subdomain, a user-content host) is same-site too. A request with neither is refused.
 */
export function isSameOriginRequest(request: FastifyRequest, origins: ReadonlySet<string>): boolean {
  if (request.headers['sec-fetch-site'] === 'same-origin') return true;
  const origin = request.headers.origin;
  return typeof origin === 'string' && origins.has(origin);
}
