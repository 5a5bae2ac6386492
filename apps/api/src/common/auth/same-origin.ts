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
 * Whether a request authenticated by the session cookie alone comes from one of our pages:
 * the browser says so in Sec-Fetch-Site (same-origin, same-site), or the Origin header is the
 * console's or a sibling product's. A request with neither is refused.
 */
export function isSameOriginRequest(request: FastifyRequest, origins: ReadonlySet<string>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'same-site') return true;
  const origin = request.headers.origin;
  return typeof origin === 'string' && origins.has(origin);
}
