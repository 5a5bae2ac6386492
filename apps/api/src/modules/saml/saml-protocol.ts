import { DomainError, type ErrorCode } from '@console/domain';
import type { CacheProvider, Profile, SAML } from '@node-saml/node-saml';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { SsoConnectionEntity } from '../sso/sso-connection.entity';
import type { SsoAttemptSecrets, SsoCallbackRequest, SsoIdentity, SsoProtocol } from '../sso/sso-protocol';
import { UsedSamlAssertionRepository } from './used-saml-assertion.repository';

/** Where the console's SAML metadata is published, under the API: also its entity id. */
const SAML_METADATA_PATH = '/auth/sso/saml/metadata';

/** The clock skew allowed between the identity provider and the console when reading an assertion's validity period. */
export const SAML_CLOCK_SKEW_MS = 60_000;

/** The subject the console asks for: the person's address. */
const NAME_ID_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** The ID of the attempt's AuthnRequest: its nonce, made an XML name (an ID starts with a letter or an underscore). */
const requestIdOf = (attempt: SsoAttemptSecrets): string => `_${attempt.nonce}`;

/** What the library's refusals mean, by the start of their message (it gives no codes). */
const REFUSALS: readonly (readonly [prefix: string, code: ErrorCode])[] = [
  ['SAML assertion expired', 'SSO_TOKEN_EXPIRED'],
  ['SAML assertion not yet valid', 'SSO_TOKEN_EXPIRED'],
  // The subject's confirmations are chosen by their validity period alone.
  ['No valid subject confirmation found', 'SSO_TOKEN_EXPIRED'],
  ['SAML assertion audience mismatch', 'SSO_WRONG_AUDIENCE'],
  ['SAML assertion has no AudienceRestriction', 'SSO_WRONG_AUDIENCE'],
  ['SAML assertion AudienceRestriction has no Audience value', 'SSO_WRONG_AUDIENCE'],
];

/** The code of a refusal of the library: a broken answer unless it names another. */
function refusalCode(error: unknown): ErrorCode {
  const message = error instanceof Error ? error.message : '';
  return REFUSALS.find(([prefix]) => message.startsWith(prefix))?.[1] ?? 'SSO_RESPONSE_INVALID';
}

/** A value of the assertion's attributes as text (the first, when there are several). */
function attributeText(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() ? first.trim() : undefined;
}

/**
 * SAML 2.0 sign-in (docs/integration.md#saml) through @node-saml/node-saml, the console being the
 * service provider: the AuthnRequest (HTTP-Redirect binding) whose ID is the attempt's nonce, and
 * the answer posted to the callback (HTTP-POST binding) checked — the assertion's signature against
 * the connection's certificate, its issuer (the connection's entity id), its audience (the console's
 * entity id), its validity period (with {@link SAML_CLOCK_SKEW_MS}), InResponseTo the attempt's
 * request — and recorded, so that the same assertion is refused the next time.
 */
@Injectable()
export class SamlProtocol implements SsoProtocol {
  readonly type = 'saml' as const;
  private readonly logger = new Logger(SamlProtocol.name);
  /** The console's entity id: the audience assertions must name, and where its metadata is. */
  readonly entityId: string;
  private readonly allowInsecureUrls: boolean;

  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'publicApiUrl' | 'sso'>,
    private readonly usedAssertions: UsedSamlAssertionRepository,
  ) {
    this.entityId = `${config.publicApiUrl}${SAML_METADATA_PATH}`;
    this.allowInsecureUrls = config.sso.allowInsecureIssuers;
  }

  /** The service provider's metadata (XML) an administrator gives their identity provider; `callbackUrl` is its assertion consumer service. */
  async metadata(callbackUrl: string): Promise<string> {
    const { generateServiceProviderMetadata } = await nodeSaml();
    return generateServiceProviderMetadata({ issuer: this.entityId, callbackUrl, identifierFormat: NAME_ID_FORMAT, wantAssertionsSigned: true });
  }

  /** The single sign-on URL is HTTPS (HTTP only where SSO_ALLOW_INSECURE_ISSUERS allows the local identity provider of development and tests). */
  check(connection: SsoConnectionEntity): Promise<void> {
    const { ssoUrl } = settingsOf(connection);
    if (new URL(ssoUrl).protocol !== 'https:' && !this.allowInsecureUrls) {
      return Promise.reject(new DomainError('VALIDATION_FAILED', 'samlSsoUrl must be an https URL'));
    }
    return Promise.resolve();
  }

  async startUrl(connection: SsoConnectionEntity, attempt: SsoAttemptSecrets, callbackUrl: string): Promise<URL> {
    const client = await this.client(connection, callbackUrl, requestIdOf(attempt));
    return new URL(await client.getAuthorizeUrlAsync(attempt.state, undefined, {}));
  }

  /** The attempt's state comes back as the RelayState of the posted answer. */
  stateOf(request: SsoCallbackRequest): string | undefined {
    return request.body.SAMLResponse === undefined ? undefined : request.body.RelayState;
  }

  /**
   * The identity the posted SAMLResponse asserts, once it is checked as the answer to the attempt's
   * request and recorded as used; a DomainError (SSO_RESPONSE_INVALID, SSO_WRONG_ISSUER,
   * SSO_WRONG_AUDIENCE, SSO_TOKEN_EXPIRED, SSO_ASSERTION_REPLAYED) otherwise.
   */
  async complete(connection: SsoConnectionEntity, attempt: SsoAttemptSecrets, request: SsoCallbackRequest, callbackUrl: string): Promise<SsoIdentity> {
    const profile = await this.validate(connection, request.body.SAMLResponse ?? '', callbackUrl, requestIdOf(attempt));
    if (profile.issuer !== settingsOf(connection).entityId) throw this.refuse(connection, 'SSO_WRONG_ISSUER', `issuer ${profile.issuer}`);
    const assertion = profile.getAssertion?.() as { Assertion?: { $?: { ID?: unknown }; Conditions?: { $?: { NotOnOrAfter?: unknown } }[] } } | undefined;
    const assertionId = assertion?.Assertion?.$?.ID;
    const notOnOrAfter = assertion?.Assertion?.Conditions?.[0]?.$?.NotOnOrAfter;
    const email = attributeText(profile.email) ?? attributeText(profile.nameID);
    if (typeof assertionId !== 'string' || !assertionId || typeof notOnOrAfter !== 'string' || !email?.includes('@')) {
      throw this.refuse(connection, 'SSO_RESPONSE_INVALID', 'no assertion ID, NotOnOrAfter or address');
    }
    const now = new Date();
    await this.usedAssertions.deleteExpired(now);
    const recorded = await this.usedAssertions.record({
      connectionId: connection.id,
      assertionId,
      expiresAt: new Date(Date.parse(notOnOrAfter) + SAML_CLOCK_SKEW_MS),
    });
    if (!recorded) throw this.refuse(connection, 'SSO_ASSERTION_REPLAYED', `assertion ${assertionId} used already`);
    return { email: email.toLowerCase(), emailVerified: true, subject: profile.nameID };
  }

  private async validate(connection: SsoConnectionEntity, samlResponse: string, callbackUrl: string, requestId: string): Promise<Profile> {
    try {
      const client = await this.client(connection, callbackUrl, requestId);
      const { profile } = await client.validatePostResponseAsync({ SAMLResponse: samlResponse });
      if (!profile) throw new Error('no assertion (a logout answer)');
      return profile;
    } catch (error) {
      throw this.refuse(connection, refusalCode(error), error instanceof Error ? error.message : String(error));
    }
  }

  private refuse(connection: SsoConnectionEntity, code: ErrorCode, reason: string): DomainError {
    this.logger.warn(`SAML answer of connection ${connection.id} refused (${code}): ${reason}`);
    return new DomainError(code);
  }

  /**
   * The library for one request of the attempt: the AuthnRequest it sends has the ID `requestId`,
   * and the only InResponseTo it accepts is that ID (the attempt row, used once and expiring, keeps
   * it; the library's own store of requests is not used).
   */
  private async client(connection: SsoConnectionEntity, callbackUrl: string, requestId: string): Promise<SAML> {
    const { SAML, ValidateInResponseTo } = await nodeSaml();
    const { ssoUrl, certificatePem } = settingsOf(connection);
    const attemptRequest: CacheProvider = {
      saveAsync: (_key, value) => Promise.resolve({ value, createdAt: Date.now() }),
      getAsync: (key) => Promise.resolve(key === requestId ? new Date().toISOString() : null),
      removeAsync: () => Promise.resolve(null),
    };
    return new SAML({
      issuer: this.entityId,
      callbackUrl,
      audience: this.entityId,
      entryPoint: ssoUrl,
      idpCert: certificatePem,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
      validateInResponseTo: ValidateInResponseTo.always,
      cacheProvider: attemptRequest,
      generateUniqueId: () => requestId,
      identifierFormat: NAME_ID_FORMAT,
      disableRequestedAuthnContext: true,
    });
  }
}

/** The library, loaded at the first SAML call (not as the API starts: most consoles have no SAML connection). */
function nodeSaml(): Promise<typeof import('@node-saml/node-saml')> {
  return import('@node-saml/node-saml');
}

/** The SAML settings of a connection (a SAML connection has them all: the table's constraint). */
function settingsOf(connection: SsoConnectionEntity): { entityId: string; ssoUrl: string; certificatePem: string } {
  const { samlEntityId, samlSsoUrl, samlCertificate } = connection;
  if (!samlEntityId || !samlSsoUrl || !samlCertificate) throw new DomainError('SSO_CONNECTION_DISABLED');
  return { entityId: samlEntityId, ssoUrl: samlSsoUrl, certificatePem: samlCertificate };
}
