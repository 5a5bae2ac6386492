import type { CookieSerializeOptions } from '@fastify/cookie';
import type { AppConfig } from '../../config/app-config';

/** Lifetime of the session cookie (the identity provider allows 5 minutes to 2 weeks). */
export const SESSION_COOKIE_MAX_AGE_MS = 5 * 24 * 60 * 60 * 1000;

/**
 * httpOnly, SameSite=Lax, Path=/, Secure unless on a developer's machine, on the environment's
 * cookie domain so that sibling products receive it (no Domain attribute for localhost).
 */
export function sessionCookieOptions(config: Pick<AppConfig, 'deployment' | 'secureCookies'>): CookieSerializeOptions {
  const domain = config.deployment.cookieDomain;
  return {
    httpOnly: true,
    secure: config.secureCookies,
    sameSite: 'lax',
    path: '/',
    ...(domain === 'localhost' ? {} : { domain }),
  };
}
