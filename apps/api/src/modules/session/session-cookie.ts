import type { CookieSerializeOptions } from '@fastify/cookie';
import type { AppConfig } from '../../config/app-config';

/** Lifetime of the session cookie (the identity provider allows 5 minutes to 2 weeks). */
export const SESSION_COOKIE_MAX_AGE_MS = 5 * 24 * 60 * 60 * 1000;

/** How recent a sign-in must be for its ID token to be exchanged for a session cookie (as the identity provider recommends). */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

/** Whether a sign-in at `authTimeMs` is recent enough at `nowMs` to mint a session cookie. */
export function isRecentSignIn(authTimeMs: number, nowMs: number): boolean {
  return nowMs - authTimeMs < RECENT_SIGN_IN_MS;
}

/**
 * The Domain attribute: the environment's cookie domain, so that sibling products receive the
 * cookie, when the app is served under it; otherwise none (a host-only cookie, as on localhost,
 * where a browser would refuse a cookie for a domain the page is not on).
 */
function cookieDomain(domain: string, appOrigin: string): string | undefined {
  const host = new URL(appOrigin).hostname;
  return domain !== 'localhost' && (host === domain || host.endsWith(`.${domain}`)) ? domain : undefined;
}

/** httpOnly, SameSite=Lax, Path=/, Secure unless on a developer's machine. */
export function sessionCookieOptions(config: Pick<AppConfig, 'deployment' | 'secureCookies' | 'appOrigin'>): CookieSerializeOptions {
  const domain = cookieDomain(config.deployment.cookieDomain, config.appOrigin);
  return {
    httpOnly: true,
    secure: config.secureCookies,
    sameSite: 'lax',
    path: '/',
    ...(domain === undefined ? {} : { domain }),
  };
}
