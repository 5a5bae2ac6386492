import { Inject, Injectable, Optional } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Actions, assertValidId, DomainError, enabledProducts, type AuditAction } from '@console/domain';
import { FirebaseAuthService } from '../../common/auth/firebase-auth.service';
import { SessionRevocations } from '../../common/auth/session-revocations';
import { SignInSessions } from '../../common/auth/sign-in-sessions';
import type { FirebaseUser, Operator } from '../../common/auth/operator';
import { holdsSystemAdminRights } from '../../common/auth/system-admin-rights';
import { isoTime } from '../../common/http/iso-time';
import { AccountRepository } from '../account/account.repository';
import { AccountService } from '../account/account.service';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, type AuditChanges, type AuditEventInput } from '../audit/audit.service';
import { AccessService } from '../membership/access.service';
import { ProjectRepository } from '../project/project.repository';
import { addressFamily, describeDevice, SESSION_PLACES, type PlaceLookup } from './device';
import {
  toIntrospectedProjectResponse,
  type IntrospectedProjectResponse,
  type RevokedSessionsResponse,
  type SessionIntrospectionResponse,
  type SignInSessionListResponse,
} from './session.dto';
import { isRecentSignIn, SESSION_COOKIE_MAX_AGE_MS } from './session-cookie';
import type { SessionEntity } from './session.entity';
import { SessionRepository } from './session.repository';

/** An event of a sign-in or sign-out (see SessionService.recordSessionEvent). */
type SessionEvent = Pick<AuditEventInput, 'targetId' | 'changes'> & { action: Extract<AuditAction, 'session.login' | 'session.logout'> };

/**
 * How the user signed in: single sign-on through an organization's connection (a custom token with
 * the sso claim), else from the identity provider's name of it: a password, a federated provider
 * (google.com, saml.…, oidc.…), or another (custom, anonymous, …).
 */
function signInMethod(user: FirebaseUser): string {
  if (user.sso) return 'sso';
  const provider = user.signInProvider;
  if (provider === 'password') return 'password';
  if (provider.includes('.')) return 'federated';
  return provider;
}

/** How recent a revocation by the identity provider must be for /session/passwordChanged to announce it. */
const RECENT_REVOCATION_MS = 10 * 60 * 1000;

@Injectable()
export class SessionService {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly access: AccessService,
    private readonly audit: AuditService,
    private readonly firebase: FirebaseAuthService,
    private readonly revocations: SessionRevocations,
    private readonly accounts: AccountRepository,
    private readonly accountService: AccountService,
    private readonly projects: ProjectRepository,
    private readonly sessions: SessionRepository,
    private readonly signIns: SignInSessions,
    @Optional() @Inject(SESSION_PLACES) private readonly places?: PlaceLookup,
  ) {}

  /**
   * Exchanges the caller's bearer ID token (verified as `user`) for a session cookie, only for a
   * recent sign-in: a stolen, older token cannot be turned into a cookie valid for days. Records the
   * sign-in's session (docs/architecture.md#sessions); the audit event of a sign-in from a device
   * never seen for the user (its user agent and address family) says so (`newDevice`).
   */
  async login(idToken: string | undefined, user: FirebaseUser, audit: AuditContext): Promise<{ cookie: string; maxAgeMs: number; expiresAt: Date }> {
    if (!idToken || !isRecentSignIn(user.authTimeMs, Date.now())) throw new DomainError('UNAUTHENTICATED');
    const cookie = await this.firebase.createSessionCookie(idToken, SESSION_COOKIE_MAX_AGE_MS);
    const expiresAt = new Date(Date.now() + SESSION_COOKIE_MAX_AGE_MS);
    await this.recordSessionEvent(user, audit, async (targetId) => {
      const changes: AuditChanges = {
        expiresAt: { before: null, after: expiresAt.toISOString() },
        signInMethod: { before: null, after: signInMethod(user) },
        signInProvider: { before: null, after: user.sso ? user.sso.protocol : user.signInProvider },
        ...(user.sso ? { sso: { before: null, after: { organizationId: user.sso.organizationId, connectionId: user.sso.connectionId } } } : {}),
        secondFactor: { before: null, after: user.secondFactor },
      };
      if (await this.recordSignIn(user, audit)) {
        changes.newDevice = { before: null, after: { ...describeDevice(audit.userAgent), signInMethod: user.signInProvider } };
      }
      return { action: 'session.login', targetId, changes };
    });
    return { cookie, maxAgeMs: SESSION_COOKIE_MAX_AGE_MS, expiresAt };
  }

  /**
   * Records the session of the sign-in (again: the user agent and address of a repeated exchange)
   * and forgets the user's sessions idle longer than a cookie lives; whether its device (user agent
   * and address family) is new for the user.
   */
  private async recordSignIn(user: FirebaseUser, audit: AuditContext): Promise<boolean> {
    const recorded = await this.sessions.findSignInForUpdate(user.uid, new Date(user.authTimeMs));
    if (recorded?.revokedAt) throw new DomainError('SESSION_REVOKED');
    if (recorded) {
      await this.sessions.refresh(recorded.id, { userAgent: audit.userAgent, ip: audit.ip });
      return false;
    }
    const family = addressFamily(audit.ip);
    const known = (await this.sessions.addressesWithUserAgent(user.uid, audit.userAgent)).some((ip) => addressFamily(ip) === family);
    await this.sessions.deleteIdle(user.uid, new Date(Date.now() - SESSION_COOKIE_MAX_AGE_MS));
    await this.sessions.insertIfAbsent({
      idaasId: user.uid,
      authTime: new Date(user.authTimeMs),
      // A single sign-on is a custom token to the identity provider: the session says which protocol.
      signInMethod: user.sso ? `sso.${user.sso.protocol}` : user.signInProvider,
      userAgent: audit.userAgent,
      ip: audit.ip,
    });
    return !known;
  }

  /**
   * Revokes every session of the user: its ID tokens and session cookies, on every instance at once
   * and in sibling products; its recorded sessions go with them.
   */
  async logout(user: FirebaseUser, audit: AuditContext): Promise<void> {
    await this.revocations.revoke(user.uid);
    await this.recordSessionEvent(user, audit, async (targetId) => {
      await this.sessions.deleteAll(user.uid);
      return { action: 'session.logout', targetId, changes: {} };
    });
  }

  /** The user's sessions not revoked and seen within a cookie's lifetime, the caller's marked current. */
  async list(user: FirebaseUser): Promise<SignInSessionListResponse> {
    const sessions = await this.sessions.listActive(user.uid, new Date(Date.now() - SESSION_COOKIE_MAX_AGE_MS));
    return { items: sessions.map((session) => this.toResponse(session, user)) };
  }

  /** Revokes one of the user's sessions (NOT_FOUND when it is none of theirs, or already revoked), on every instance at once. */
  async revoke(user: FirebaseUser, sessionId: string, audit: AuditContext): Promise<RevokedSessionsResponse> {
    await this.transactions.withTransaction(async () => {
      if (!(await this.sessions.revoke(sessionId, user.uid))) throw new DomainError('NOT_FOUND');
      await this.audit.record(audit, { action: 'session.revoke', targetType: 'session', targetId: sessionId });
    });
    await this.announceRevoked(user.uid);
    return { revoked: 1 };
  }

  /** Revokes every session of the user but the caller's, on every instance at once (recorded also when there was none). */
  async revokeOthers(user: FirebaseUser, audit: AuditContext): Promise<RevokedSessionsResponse> {
    const ids = await this.transactions.withTransaction(async () => {
      const revoked = await this.sessions.revokeOthers(user.uid, new Date(user.authTimeMs));
      const targetId = audit.actor?.accountId ?? user.uid;
      await this.audit.record(audit, {
        action: 'session.revokeOthers',
        targetType: 'session',
        targetId,
        changes: { sessionIds: { before: null, after: revoked } },
      });
      return revoked;
    });
    if (ids.length > 0) await this.announceRevoked(user.uid);
    return { revoked: ids.length };
  }

  /** Has this instance read the user's revoked sessions again at its next request, and every other one told to. */
  private async announceRevoked(uid: string): Promise<void> {
    this.signIns.forget(uid);
    await this.revocations.announce(uid);
  }

  private toResponse(session: SessionEntity, user: FirebaseUser): SignInSessionListResponse['items'][number] {
    return {
      id: session.id,
      current: session.authTime.getTime() === user.authTimeMs,
      ...describeDevice(session.userAgent),
      ip: session.ip,
      place: session.ip === null ? null : (this.places?.placeOf(session.ip) ?? null),
      signInMethod: session.signInMethod,
      signedInAt: isoTime(session.authTime),
      lastSeenAt: isoTime(session.lastSeenAt),
    };
  }

  /**
   * After a password change made with the identity provider (the web's password reset), has every
   * instance refuse the sessions it revoked at once, rather than within REVOCATION_CHECK_INTERVAL_MS.
   * Anyone may ask, so this revokes nothing: it announces only a revocation the identity provider
   * made within the last RECENT_REVOCATION_MS, and answers alike whatever the address.
   */
  async passwordChanged(email: string): Promise<void> {
    const uid = await this.firebase.recentlyRevokedUid(email, RECENT_REVOCATION_MS);
    if (uid !== undefined) await this.revocations.announce(uid);
  }

  /**
   * Records a sign-in or sign-out once the identity provider has done it (the cookie itself is never
   * recorded), with the changes `write` makes in the same transaction. The actor is the user's
   * account; a Firebase user without one is recorded without actor, its session named by its
   * Firebase uid (the events' target).
   */
  private async recordSessionEvent(user: FirebaseUser, audit: AuditContext, write: (targetId: string) => Promise<SessionEvent>): Promise<void> {
    const account = await this.accounts.findByIdaasId(user.uid);
    const actor = account ? { accountId: account.id, isSystemAdmin: holdsSystemAdminRights(account, user) } : null;
    await this.transactions.withTransaction(async () => {
      const event = await write(account?.id ?? user.uid);
      await this.audit.record(audit, { ...event, targetType: 'session', actor });
    });
  }

  /**
   * For sibling products: who holds the session cookie, with memberships and, when a project is
   * named and the account may view it, the project's enabled products.
   */
  async introspect(sessionCookie: string, projectId: string | undefined): Promise<SessionIntrospectionResponse> {
    const user = await this.firebase.verifySessionCookie(sessionCookie);
    await this.signIns.assertActive(user);
    const account = await this.accounts.findByIdaasId(user.uid);
    if (!account) throw new DomainError('ACCOUNT_NOT_FOUND');
    const response = await this.accountService.toOwnResponse(account, user);
    const project =
      projectId === undefined
        ? null
        : await this.viewableProject(
            {
              id: account.id,
              email: account.email,
              isSystemAdmin: response.isSystemAdmin,
              secondFactor: user.secondFactor !== null,
              ssoOrganizationId: user.sso?.organizationId ?? null,
            },
            projectId,
          );
    return { account: response, memberships: response.memberships, project };
  }

  /** The project with its enabled products, when the account may view it (an unknown project and another's answer alike). */
  private async viewableProject(operator: Operator, projectId: string): Promise<IntrospectedProjectResponse> {
    assertValidId('project', projectId);
    await this.access.project(operator, projectId, Actions.ProjectView);
    const project = await this.projects.findById(projectId);
    if (!project) throw new DomainError('NOT_FOUND');
    return toIntrospectedProjectResponse(project, enabledProducts(project.productSettings));
  }
}
