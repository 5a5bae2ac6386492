import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type SsoConnectionType } from '@console/domain';
import type { SsoConnectionEntity } from './sso-connection.entity';

/** The secrets of one sign-in attempt, kept server side (SsoAttemptEntity) and checked against the identity provider's answer. */
export interface SsoAttemptSecrets {
  state: string;
  nonce: string;
  /** The PKCE code verifier (OIDC); a protocol without PKCE ignores it. */
  codeVerifier: string;
}

/** The identity provider's answer as it reached the callback: a redirect (query) or a form post (body). */
export interface SsoCallbackRequest {
  /** The callback URL as called, with its query. */
  url: URL;
  /** The fields of a form post (a SAML response), empty for a redirect. */
  body: Readonly<Record<string, string>>;
}

/** Who the identity provider says signed in. */
export interface SsoIdentity {
  /** The address, lower case. */
  email: string;
  /** Whether the identity provider vouches for the address (OIDC email_verified; a SAML assertion's address is the IdP's own). */
  emailVerified: boolean;
  /** The identity provider's stable id of the person (OIDC sub, SAML NameID). */
  subject: string;
}

/**
 * One protocol of single sign-on (docs/product-rules.md#single-sign-on). The API is the relying
 * party: `startUrl` is where the browser goes to sign in at the identity provider, and `complete`
 * checks the provider's answer — issuer, audience, expiry, signature, the attempt's nonce — and
 * says who signed in, or throws SSO_RESPONSE_INVALID, SSO_WRONG_ISSUER, SSO_WRONG_AUDIENCE or
 * SSO_TOKEN_EXPIRED. Implementations are registered in SsoModule (the SSO_PROTOCOLS factory).
 *
 * A protocol whose answer is a form post (SAML's HTTP-POST binding to the ACS URL, the same
 * `/auth/sso/callback`: SamlProtocol, docs/integration.md#saml) is answered by the
 * `@Post('callback')` of SsoSignInController, which hands the form's text fields (the Fastify
 * adapter parses application/x-www-form-urlencoded) to `complete(request, body)`; its `stateOf`
 * reads the RelayState from `body`, and `startUrl` passes the attempt's state as RelayState. The
 * settings of a SAML connection are checked when saved already (saml-certificate.ts); `check` adds
 * its own.
 */
export interface SsoProtocol {
  readonly type: SsoConnectionType;
  /** Checks a connection's settings before they are saved (an OIDC provider's discovery document, …); throws the error to answer. */
  check(connection: SsoConnectionEntity): Promise<void>;
  /** Where the browser signs in, for the attempt; `callbackUrl` is the API's callback the answer comes back to. */
  startUrl(connection: SsoConnectionEntity, attempt: SsoAttemptSecrets, callbackUrl: string): Promise<URL>;
  /** The attempt's state in the identity provider's answer (OIDC state, SAML RelayState); undefined when absent. */
  stateOf(request: SsoCallbackRequest): string | undefined;
  /** Checks the identity provider's answer to the attempt and says who signed in. */
  complete(connection: SsoConnectionEntity, attempt: SsoAttemptSecrets, request: SsoCallbackRequest, callbackUrl: string): Promise<SsoIdentity>;
}

/** The injection token of every registered SsoProtocol. */
export const SSO_PROTOCOLS = Symbol('SSO_PROTOCOLS');

/** The registered protocols, by connection type. */
@Injectable()
export class SsoProtocols {
  private readonly byType: ReadonlyMap<SsoConnectionType, SsoProtocol>;

  constructor(@Inject(SSO_PROTOCOLS) protocols: readonly SsoProtocol[]) {
    this.byType = new Map(protocols.map((protocol) => [protocol.type, protocol]));
  }

  /** Whether a protocol of the type is registered. */
  has(type: SsoConnectionType): boolean {
    return this.byType.has(type);
  }

  /** The attempt's state in an identity provider's answer, as the first protocol that finds one reads it. */
  stateOf(request: SsoCallbackRequest): string | undefined {
    for (const protocol of this.byType.values()) {
      const state = protocol.stateOf(request);
      if (state !== undefined) return state;
    }
    return undefined;
  }

  /** The protocol of the type; a connection of a type no protocol signs in with is as good as disabled. */
  of(type: SsoConnectionType): SsoProtocol {
    const protocol = this.byType.get(type);
    if (!protocol) throw new DomainError('SSO_CONNECTION_DISABLED');
    return protocol;
  }
}
