import { APP_BASE_PATH } from './limits';

/**
 * Single sign-on per organization (docs/product-rules.md#single-sign-on): the API is the relying
 * party of the organization's identity provider and ends the sign-in with a Firebase custom token
 * whose claim names the organization and the connection.
 */

export const SSO_CONNECTION_TYPES = ['oidc', 'saml'] as const;

export type SsoConnectionType = (typeof SSO_CONNECTION_TYPES)[number];

/** The custom claim of a sign-in through an organization's connection (the token's `sso`). */
export interface SsoClaim {
  organizationId: string;
  connectionId: string;
  /** The connection's protocol: the sign-in's provider in the audit log. */
  protocol: SsoConnectionType;
}

/** How long a sign-in attempt (state, nonce, PKCE verifier) waits for the identity provider's answer. */
export const SSO_ATTEMPT_TTL_MS = 10 * 60 * 1000;

/** How long the web has to exchange the single-use code of a completed sign-in for its custom token. */
export const SSO_HANDOFF_TTL_MS = 60 * 1000;

/** Whether a value read from a token is an SSO claim. */
export function isSsoClaim(value: unknown): value is SsoClaim {
  const claim = value as Partial<SsoClaim> | null;
  return (
    typeof claim === 'object' &&
    claim !== null &&
    typeof claim.organizationId === 'string' &&
    typeof claim.connectionId === 'string' &&
    (SSO_CONNECTION_TYPES as readonly unknown[]).includes(claim.protocol)
  );
}

/** The web page a single sign-on comes back to (under the app's base path): the code or the error code in its fragment, never sent to a server. */
export const SSO_COMPLETION_PATH = '/sso';

/** The URL of the completion page with `fields` in its fragment. */
export function ssoCompletionUrl(appOrigin: string, fields: Readonly<Record<string, string>>): string {
  return `${appOrigin.replace(/\/+$/, '')}${APP_BASE_PATH}${SSO_COMPLETION_PATH}#${Object.entries(fields)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&')}`;
}
