/** The answers of the SAML test identity provider (tools/saml-test-idp.cjs), by the name its login form offers them under. */
export type SamlCase = 'valid' | 'wrong-issuer' | 'wrong-audience' | 'expired' | 'unsigned' | 'other-key' | 'tampered';

/** What an answer says; the times default to now, one minute ago and five minutes ahead. */
export interface SamlAnswer {
  issuer: string;
  acsUrl: string;
  audience: string;
  email: string;
  /** The subject's NameID (the address by default). */
  nameId?: string;
  /** The ID of the AuthnRequest answered (none: an answer nobody asked for). */
  inResponseTo?: string;
  assertionId?: string;
  now?: Date;
  issueInstant?: Date;
  notBefore?: Date;
  notOnOrAfter?: Date;
  /** The PEM private key that signs the assertion: the test key by default, `null` for none. */
  signingKey?: string | null;
}

/** The base64 SAMLResponse of the answer, as an identity provider posts it. */
export function samlResponse(answer: SamlAnswer): string;

/** Starts the identity provider on 127.0.0.1 (single sign-on URL `<url>/sso`). */
export function startSamlIdp(options?: { port?: number; entityId?: string }): Promise<{
  url: string;
  entityId: string;
  ssoUrl: string;
  /** The certificate (PEM) of the test key: what a connection to this identity provider holds. */
  certificatePem: string;
  stop: () => Promise<void>;
}>;
