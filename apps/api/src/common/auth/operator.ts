import type { SsoClaim } from '@console/domain';

/** The verified Firebase user behind a request. */
export interface FirebaseUser {
  uid: string;
  email: string;
  /** Whether the identity provider has verified that the user owns the address (the token's email_verified). */
  emailVerified: boolean;
  /** When the user signed in, in ms since the epoch (the token's auth_time; kept across token refreshes). */
  authTimeMs: number;
  /** How the user signed in, as the identity provider names it (the token's firebase.sign_in_provider: password, google.com, …). */
  signInProvider: string;
  /** The second factor of the sign-in (the token's firebase.sign_in_second_factor: phone, totp), null without one. */
  secondFactor: string | null;
  /** The organization and connection of a single sign-on (the token's sso claim, docs/product-rules.md#single-sign-on), null otherwise. */
  sso: SsoClaim | null;
}

/** The current operator handed to handlers (docs/product-rules.md#entities). */
export interface Operator {
  id: string;
  email: string;
  isSystemAdmin: boolean;
  /** Whether the request's sign-in used a second factor (docs/product-rules.md#multi-factor-authentication). */
  secondFactor: boolean;
  /** The organization whose SSO connection the request's sign-in came through, null for any other sign-in. */
  ssoOrganizationId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    firebaseUser?: FirebaseUser;
    operator?: Operator;
  }
}
