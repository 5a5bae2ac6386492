import { Inject, Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { DomainError, emailDomain, normalizeEmail, SSO_ATTEMPT_TTL_MS, SSO_HANDOFF_TTL_MS, type SsoClaim } from '@console/domain';
import { createHash, randomBytes } from 'node:crypto';
import { FirebaseAuthService } from '../../common/auth/firebase-auth.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OrganizationDomainRepository } from '../organization-domain/organization-domain.repository';
import type { SsoConnectionEntity } from './sso-connection.entity';
import type { SsoDiscoverResponse } from './sso.dto';
import { SsoProtocols, type SsoAttemptSecrets, type SsoCallbackRequest } from './sso-protocol';
import { SsoRepository } from './sso.repository';

/** A random secret (state, nonce, PKCE verifier, hand-off code): 32 bytes, base64url. */
const secret = (): string => randomBytes(32).toString('base64url');

/** The stored form of a state or a hand-off code. */
const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * Signing in through an organization's identity provider (docs/product-rules.md#single-sign-on):
 * home-realm discovery by address, the attempt (state, nonce, PKCE verifier kept here, used once),
 * the identity provider's answer checked by the connection's protocol, the Firebase user found or
 * created, and a single-use code the web exchanges for a custom token carrying the sso claim.
 */
@Injectable()
export class SsoSignInService {
  readonly callbackUrl: string;
  private readonly publicApiUrl: string;

  constructor(
    private readonly transactions: TransactionHost,
    private readonly connections: SsoRepository,
    private readonly domains: OrganizationDomainRepository,
    private readonly protocols: SsoProtocols,
    private readonly firebase: FirebaseAuthService,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'publicApiUrl'>,
  ) {
    this.publicApiUrl = config.publicApiUrl;
    this.callbackUrl = `${config.publicApiUrl}/auth/sso/callback`;
  }

  /** Whether the address signs in through SSO, and where; nothing else is told (no organization, no connection). */
  async discover(email: string): Promise<SsoDiscoverResponse> {
    const domain = emailDomain(normalizeEmail(email));
    const connection = await this.connections.findOfDomain(domain);
    const sso = connection !== null && this.usable(connection);
    return { sso, startUrl: sso ? `${this.publicApiUrl}/auth/sso/start?${new URLSearchParams({ domain }).toString()}` : null };
  }

  /** Starts an attempt through the connection of the domain: where the browser signs in. */
  async start(domain: string): Promise<URL> {
    const connection = await this.connections.findOfDomain(domain.trim().toLowerCase());
    if (!connection || !this.usable(connection)) throw new DomainError('SSO_CONNECTION_DISABLED');
    const attempt: SsoAttemptSecrets = { state: secret(), nonce: secret(), codeVerifier: secret() };
    const url = await this.protocols.of(connection.type).startUrl(connection, attempt, this.callbackUrl);
    const now = Date.now();
    await this.connections.insertAttempt(
      {
        stateHash: sha256(attempt.state),
        connectionId: connection.id,
        nonce: attempt.nonce,
        codeVerifier: attempt.codeVerifier,
        expiresAt: new Date(now + SSO_ATTEMPT_TTL_MS),
        completedAt: null,
        handoffHash: null,
        handoffUid: null,
        handoffExpiresAt: null,
        handedOffAt: null,
      },
      new Date(now - SSO_ATTEMPT_TTL_MS),
    );
    return url;
  }

  /**
   * The identity provider's answer: the attempt is used up first (a replay finds none), then the
   * answer is checked, the address must be on one of the organization's verified domains, and the
   * Firebase user is found or created. The single-use code of the sign-in.
   */
  async complete(request: SsoCallbackRequest): Promise<string> {
    const state = this.protocols.stateOf(request);
    if (state === undefined) throw new DomainError('SSO_ATTEMPT_INVALID');
    const stateHash = sha256(state);
    const attempt = await this.transactions.withTransaction(async () => {
      const open = await this.connections.findOpenAttemptForUpdate(stateHash);
      if (!open || open.expiresAt.getTime() < Date.now()) throw new DomainError('SSO_ATTEMPT_INVALID');
      await this.connections.updateAttempt(stateHash, { completedAt: new Date() });
      return open;
    });
    const connection = await this.usableConnection(attempt.connectionId);
    const identity = await this.protocols
      .of(connection.type)
      .complete(connection, { state, nonce: attempt.nonce, codeVerifier: attempt.codeVerifier }, request, this.callbackUrl);
    const verifiedDomains = (await this.domains.listOfOrganization(connection.organizationId)).filter((d) => d.state === 'verified').map((d) => d.domain);
    if (!identity.emailVerified || !verifiedDomains.includes(emailDomain(identity.email))) throw new DomainError('SSO_EMAIL_OUTSIDE_DOMAIN');
    const uid = await this.firebase.ensureSsoUser(identity.email);
    const code = secret();
    await this.connections.updateAttempt(stateHash, {
      handoffHash: sha256(code),
      handoffUid: uid,
      handoffExpiresAt: new Date(Date.now() + SSO_HANDOFF_TTL_MS),
    });
    return code;
  }

  /** Exchanges the single-use code of a completed sign-in for the custom token the web signs in with. */
  async exchange(code: string): Promise<{ customToken: string }> {
    const attempt = await this.transactions.withTransaction(async () => {
      const handoff = await this.connections.findHandoffForUpdate(sha256(code));
      if (!handoff?.handoffUid || !handoff.handoffExpiresAt || handoff.handoffExpiresAt.getTime() < Date.now()) throw new DomainError('SSO_ATTEMPT_INVALID');
      await this.connections.updateAttempt(handoff.stateHash, { handedOffAt: new Date() });
      return { uid: handoff.handoffUid, connectionId: handoff.connectionId };
    });
    const connection = await this.usableConnection(attempt.connectionId);
    const claim: SsoClaim = { organizationId: connection.organizationId, connectionId: connection.id, protocol: connection.type };
    return { customToken: await this.firebase.createCustomToken(attempt.uid, { sso: claim }) };
  }

  private usable(connection: SsoConnectionEntity): boolean {
    return connection.enabled && this.protocols.has(connection.type);
  }

  /** The connection, enabled; SSO_CONNECTION_DISABLED otherwise (disabled or removed meanwhile). */
  private async usableConnection(id: string): Promise<SsoConnectionEntity> {
    const connection = await this.connections.findById(id);
    if (!connection || !this.usable(connection)) throw new DomainError('SSO_CONNECTION_DISABLED');
    return connection;
  }
}
