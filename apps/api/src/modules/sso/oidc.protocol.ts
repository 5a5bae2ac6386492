import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type ErrorCode } from '@console/domain';
import * as client from 'openid-client';
import { LruCache } from '../../common/auth/lru-cache';
import { SecretCipher } from '../../common/crypto/secret-cipher';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { SsoConnectionEntity } from './sso-connection.entity';
import type { SsoAttemptSecrets, SsoCallbackRequest, SsoIdentity, SsoProtocol } from './sso-protocol';

/** Discovered configurations kept, per connection and settings: the identity provider's keys are cached with them. */
const CONFIGURATION_CACHE_SIZE = 200;

/** oauth4webapi's codes (openid-client does not export them) of a claim that differs from the expected and of a time check that failed. */
const CLAIM_COMPARISON_FAILED = 'OAUTH_JWT_CLAIM_COMPARISON_FAILED';
const TIMESTAMP_CHECK_FAILED = 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED';

/** The claim an openid-client refusal names (its cause, or its cause's cause), if any. */
function refusedClaim(error: unknown): unknown {
  const cause = (error as { cause?: { claim?: unknown; cause?: { claim?: unknown } } }).cause;
  return cause?.claim ?? cause?.cause?.claim;
}

/** The error code of an identity provider's answer openid-client refused (docs/product-rules.md#single-sign-on). */
function oidcRefusal(error: unknown): ErrorCode {
  const code = (error as { code?: unknown } | null)?.code;
  const claim = refusedClaim(error);
  if (code === CLAIM_COMPARISON_FAILED && claim === 'iss') return 'SSO_WRONG_ISSUER';
  if (code === CLAIM_COMPARISON_FAILED && (claim === 'aud' || claim === 'azp')) return 'SSO_WRONG_AUDIENCE';
  if (code === TIMESTAMP_CHECK_FAILED && claim === 'exp') return 'SSO_TOKEN_EXPIRED';
  return 'SSO_RESPONSE_INVALID';
}

/**
 * OpenID Connect (authorization code flow with PKCE, state and nonce) through openid-client: the
 * provider is discovered at the connection's issuer, and the ID token's issuer, audience, expiry,
 * nonce and signature (enableNonRepudiationChecks) are checked.
 */
@Injectable()
export class OidcProtocol implements SsoProtocol {
  readonly type = 'oidc' as const;
  private readonly allowInsecureIssuers: boolean;
  private readonly configurations = new LruCache<Promise<client.Configuration>>(CONFIGURATION_CACHE_SIZE);

  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'sso'>,
    private readonly cipher: SecretCipher,
  ) {
    this.allowInsecureIssuers = config.sso.allowInsecureIssuers;
  }

  async check(connection: SsoConnectionEntity): Promise<void> {
    await this.configuration(connection);
  }

  async startUrl(connection: SsoConnectionEntity, attempt: SsoAttemptSecrets, callbackUrl: string): Promise<URL> {
    const configuration = await this.configuration(connection);
    return client.buildAuthorizationUrl(configuration, {
      redirect_uri: callbackUrl,
      scope: 'openid email profile',
      response_type: 'code',
      state: attempt.state,
      nonce: attempt.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(attempt.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  stateOf(request: SsoCallbackRequest): string | undefined {
    return request.url.searchParams.get('state') ?? undefined;
  }

  async complete(connection: SsoConnectionEntity, attempt: SsoAttemptSecrets, request: SsoCallbackRequest, callbackUrl: string): Promise<SsoIdentity> {
    const configuration = await this.configuration(connection);
    // The answer as the identity provider sent it, at the callback URL it was sent to (behind a proxy the API sees another host).
    const answer = new URL(callbackUrl);
    answer.search = request.url.search;
    let claims: { sub: string; email?: unknown; email_verified?: unknown };
    try {
      const tokens = await client.authorizationCodeGrant(configuration, answer, {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new DomainError('SSO_RESPONSE_INVALID');
      // A provider may give the address at its userinfo endpoint only (OIDC Core 5.4), for the ID token's subject.
      claims = typeof idToken.email === 'string' ? idToken : await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
    } catch (error) {
      throw error instanceof DomainError ? error : new DomainError(oidcRefusal(error));
    }
    if (typeof claims.email !== 'string' || claims.email === '') throw new DomainError('SSO_RESPONSE_INVALID');
    return { email: claims.email.toLowerCase(), emailVerified: claims.email_verified === true, subject: claims.sub };
  }

  /**
   * The provider's discovered configuration for the connection's settings (cached, by the sealed
   * client secret: a new secret is a new entry); SSO_DISCOVERY_FAILED when it cannot be read.
   */
  private configuration(connection: SsoConnectionEntity): Promise<client.Configuration> {
    const { oidcIssuer, oidcClientId, oidcClientSecret } = connection;
    if (!oidcIssuer || !oidcClientId || !oidcClientSecret) return Promise.reject(new DomainError('SSO_DISCOVERY_FAILED'));
    const key = JSON.stringify([connection.id, oidcIssuer, oidcClientId, oidcClientSecret]);
    let configuration = this.configurations.get(key);
    if (!configuration) {
      configuration = this.discover(oidcIssuer, oidcClientId, this.cipher.open(oidcClientSecret));
      // A failed discovery is not kept: the next call tries again.
      configuration.catch(() => this.configurations.delete(key));
      this.configurations.set(key, configuration);
    }
    return configuration;
  }

  private async discover(issuer: string, clientId: string, clientSecret: string): Promise<client.Configuration> {
    let configuration: client.Configuration;
    try {
      configuration = await client.discovery(
        new URL(issuer),
        clientId,
        { id_token_signed_response_alg: 'RS256' },
        client.ClientSecretPost(clientSecret),
        this.allowInsecureIssuers ? { execute: [client.allowInsecureRequests] } : undefined,
      );
    } catch {
      throw new DomainError('SSO_DISCOVERY_FAILED');
    }
    client.enableNonRepudiationChecks(configuration);
    return configuration;
  }
}
