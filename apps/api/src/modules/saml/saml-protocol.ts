import { DomainError, ErrorCodes, type ErrorCode } from '@console/domain';
import { generateServiceProviderMetadata, SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { UsedSamlAssertionRepository } from './used-saml-assertion.repository';

/** The clock skew allowed between the identity provider and the console when reading an assertion's validity period. */
export const SAML_CLOCK_SKEW_MS = 60_000;

/** How long a sign-in may take at the identity provider: an answer to an older AuthnRequest is refused. */
const REQUEST_LIFETIME_MS = 10 * 60_000;

/** The subject the console asks for: the person's address. */
const NAME_ID_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** What the console needs of a SAML connection: its identity provider (docs/integration.md#saml). */
export interface SamlConnectionSettings {
  id: string;
  /** The identity provider's entity id: the issuer its assertions must name. */
  idpEntityId: string;
  /** Where the AuthnRequest goes (HTTP-Redirect binding). */
  ssoUrl: string;
  /** The X.509 certificate (PEM) whose key signs the assertions. */
  certificatePem: string;
}

/** The AuthnRequest a sign-in attempt sent: its ID and when it was sent. */
export interface SamlRequestRecord {
  requestId: string;
  sentAt: Date;
}

/** The person an identity provider vouched for. */
export interface SamlIdentity {
  email: string;
  /** The identity provider of the organization vouches for the address it asserts. */
  emailVerified: true;
  /** The assertion's NameID. */
  subject: string;
}

/** What the library's refusals mean, by the start of their message (it gives no codes). */
const REFUSALS: readonly (readonly [prefix: string, code: ErrorCode])[] = [
  ['SAML assertion expired', ErrorCodes.SSO_TOKEN_EXPIRED],
  ['SAML assertion not yet valid', ErrorCodes.SSO_TOKEN_EXPIRED],
  // The subject's confirmations are chosen by their validity period alone.
  ['No valid subject confirmation found', ErrorCodes.SSO_TOKEN_EXPIRED],
  ['SAML assertion audience mismatch', ErrorCodes.SSO_WRONG_AUDIENCE],
  ['SAML assertion has no AudienceRestriction', ErrorCodes.SSO_WRONG_AUDIENCE],
  ['SAML assertion AudienceRestriction has no Audience value', ErrorCodes.SSO_WRONG_AUDIENCE],
];

/** The code of a refusal of the library: a broken answer unless it names another. */
function refusalCode(error: unknown): ErrorCode {
  const message = error instanceof Error ? error.message : '';
  return REFUSALS.find(([prefix]) => message.startsWith(prefix))?.[1] ?? ErrorCodes.SSO_RESPONSE_INVALID;
}

/** A value of the assertion's attributes as text (the first, when there are several). */
function attributeText(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() ? first.trim() : undefined;
}

/**
 * The console as a SAML service provider (docs/integration.md#saml), with @node-saml/node-saml:
 * the AuthnRequest's URL, and the posted answer checked — the assertion's signature against the
 * connection's certificate, its issuer, its audience (the console's entity id), its validity period
 * (with {@link SAML_CLOCK_SKEW_MS}), InResponseTo the attempt's request — and recorded, so that the
 * same assertion is refused the next time.
 */
@Injectable()
export class SamlProtocol {
  private readonly logger = new Logger(SamlProtocol.name);
  /** The console's entity id: the audience assertions must name, and where its metadata is. */
  readonly entityId: string;
  /** The assertion consumer service: where identity providers post their answers. */
  readonly acsUrl: string;

  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'publicApiUrl'>,
    private readonly usedAssertions: UsedSamlAssertionRepository,
  ) {
    this.entityId = `${config.publicApiUrl}/auth/sso/saml/metadata`;
    this.acsUrl = `${config.publicApiUrl}/auth/sso/saml/acs`;
  }

  /** The service provider's metadata (XML) an administrator gives their identity provider. */
  metadata(): string {
    return generateServiceProviderMetadata({
      issuer: this.entityId,
      callbackUrl: this.acsUrl,
      identifierFormat: NAME_ID_FORMAT,
      wantAssertionsSigned: true,
    });
  }

  /** The identity provider's URL carrying a new AuthnRequest (HTTP-Redirect binding), and that request to keep in the attempt. */
  async startUrl(connection: SamlConnectionSettings, relayState: string): Promise<{ url: string; request: SamlRequestRecord }> {
    let request: SamlRequestRecord | undefined;
    const recorder: CacheProvider = {
      saveAsync: (key, value) => {
        request = { requestId: key, sentAt: new Date(value) };
        return Promise.resolve({ value, createdAt: request.sentAt.getTime() });
      },
      getAsync: () => Promise.resolve(null),
      removeAsync: () => Promise.resolve(null),
    };
    const url = await this.client(connection, recorder).getAuthorizeUrlAsync(relayState, undefined, {});
    if (!request) throw new Error('the AuthnRequest was not recorded');
    return { url, request };
  }

  /**
   * The identity the posted SAMLResponse asserts, once it is checked as the answer to `request` and
   * recorded as used; a DomainError (SSO_RESPONSE_INVALID, SSO_WRONG_ISSUER, SSO_WRONG_AUDIENCE,
   * SSO_TOKEN_EXPIRED, SSO_ASSERTION_REPLAYED) otherwise.
   */
  async complete(connection: SamlConnectionSettings, samlResponse: string, request: SamlRequestRecord, now = new Date()): Promise<SamlIdentity> {
    const profile = await this.validate(connection, samlResponse, request);
    if (profile.issuer !== connection.idpEntityId) throw this.refuse(connection, ErrorCodes.SSO_WRONG_ISSUER, `issuer ${profile.issuer}`);
    const assertion = profile.getAssertion?.() as { Assertion?: { $?: { ID?: unknown }; Conditions?: { $?: { NotOnOrAfter?: unknown } }[] } } | undefined;
    const assertionId = assertion?.Assertion?.$?.ID;
    const notOnOrAfter = assertion?.Assertion?.Conditions?.[0]?.$?.NotOnOrAfter;
    const email = attributeText(profile.email) ?? attributeText(profile.nameID);
    if (typeof assertionId !== 'string' || !assertionId || typeof notOnOrAfter !== 'string' || !email?.includes('@')) {
      throw this.refuse(connection, ErrorCodes.SSO_RESPONSE_INVALID, 'no assertion ID, NotOnOrAfter or address');
    }
    await this.usedAssertions.deleteExpired(now);
    const recorded = await this.usedAssertions.record({
      connectionId: connection.id,
      assertionId,
      expiresAt: new Date(Date.parse(notOnOrAfter) + SAML_CLOCK_SKEW_MS),
    });
    if (!recorded) throw this.refuse(connection, ErrorCodes.SSO_ASSERTION_REPLAYED, `assertion ${assertionId} used already`);
    return { email: email.toLowerCase(), emailVerified: true, subject: profile.nameID };
  }

  private async validate(connection: SamlConnectionSettings, samlResponse: string, request: SamlRequestRecord): Promise<Profile> {
    // InResponseTo must name the attempt's own request, sent less than REQUEST_LIFETIME_MS ago.
    const attemptRequest: CacheProvider = {
      ...unusedRequests,
      getAsync: (key) => Promise.resolve(key === request.requestId ? request.sentAt.toISOString() : null),
    };
    try {
      const { profile } = await this.client(connection, attemptRequest).validatePostResponseAsync({ SAMLResponse: samlResponse });
      if (!profile) throw new Error('no assertion (a logout answer)');
      return profile;
    } catch (error) {
      throw this.refuse(connection, refusalCode(error), error instanceof Error ? error.message : String(error));
    }
  }

  private refuse(connection: SamlConnectionSettings, code: ErrorCode, reason: string): DomainError {
    this.logger.warn(`SAML answer of connection ${connection.id} refused (${code}): ${reason}`);
    return new DomainError(code);
  }

  private client(connection: SamlConnectionSettings, requests: CacheProvider): SAML {
    return new SAML({
      issuer: this.entityId,
      callbackUrl: this.acsUrl,
      audience: this.entityId,
      entryPoint: connection.ssoUrl,
      idpCert: connection.certificatePem,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: REQUEST_LIFETIME_MS,
      cacheProvider: requests,
      identifierFormat: NAME_ID_FORMAT,
      disableRequestedAuthnContext: true,
    });
  }
}

/** The library's removals of requests do nothing: the attempt row is single-use. */
const unusedRequests: CacheProvider = {
  saveAsync: () => Promise.resolve(null),
  getAsync: () => Promise.resolve(null),
  removeAsync: () => Promise.resolve(null),
};
