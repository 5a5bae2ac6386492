import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Actions, assertValidId, DomainError, enabledProducts, type AuditAction } from '@console/domain';
import { FirebaseAuthService } from '../../common/auth/firebase-auth.service';
import { SessionRevocations } from '../../common/auth/session-revocations';
import type { FirebaseUser, Operator } from '../../common/auth/operator';
import { holdsSystemAdminRights } from '../../common/auth/system-admin-rights';
import { AccountRepository } from '../account/account.repository';
import { AccountService } from '../account/account.service';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, type AuditChanges } from '../audit/audit.service';
import { AccessService } from '../membership/access.service';
import { ProjectRepository } from '../project/project.repository';
import { toIntrospectedProjectResponse, type IntrospectedProjectResponse, type SessionIntrospectionResponse } from './session.dto';
import { isRecentSignIn, SESSION_COOKIE_MAX_AGE_MS } from './session-cookie';

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
  ) {}

  /**
   * Exchanges the caller's bearer ID token (verified as `user`) for a session cookie, only for a
   * recent sign-in: a stolen, older token cannot be turned into a cookie valid for days.
   */
  async login(idToken: string | undefined, user: FirebaseUser, audit: AuditContext): Promise<{ cookie: string; maxAgeMs: number; expiresAt: Date }> {
    if (!idToken || !isRecentSignIn(user.authTimeMs, Date.now())) throw new DomainError('UNAUTHENTICATED');
    const cookie = await this.firebase.createSessionCookie(idToken, SESSION_COOKIE_MAX_AGE_MS);
    const expiresAt = new Date(Date.now() + SESSION_COOKIE_MAX_AGE_MS);
    await this.recordSessionEvent('session.login', user, audit, { expiresAt: { before: null, after: expiresAt.toISOString() } });
    return { cookie, maxAgeMs: SESSION_COOKIE_MAX_AGE_MS, expiresAt };
  }

  /** Revokes every session of the user: its ID tokens and session cookies, on every instance at once and in sibling products. */
  async logout(user: FirebaseUser, audit: AuditContext): Promise<void> {
    await this.revocations.revoke(user.uid);
    await this.recordSessionEvent('session.logout', user, audit, {});
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
   * recorded). The actor is the user's account; a Firebase user without one is recorded without
   * actor, its session named by its Firebase uid.
   */
  private async recordSessionEvent(
    action: Extract<AuditAction, 'session.login' | 'session.logout'>,
    user: FirebaseUser,
    audit: AuditContext,
    changes: AuditChanges,
  ): Promise<void> {
    const account = await this.accounts.findByIdaasId(user.uid);
    const actor = account ? { accountId: account.id, isSystemAdmin: holdsSystemAdminRights(account, user) } : null;
    await this.transactions.withTransaction(() =>
      this.audit.record(audit, { action, targetType: 'session', targetId: account?.id ?? user.uid, changes, actor }),
    );
  }

  /**
   * For sibling products: who holds the session cookie, with memberships and, when a project is
   * named and the account may view it, the project's enabled products.
   */
  async introspect(sessionCookie: string, projectId: string | undefined): Promise<SessionIntrospectionResponse> {
    const user = await this.firebase.verifySessionCookie(sessionCookie);
    const account = await this.accounts.findByIdaasId(user.uid);
    if (!account) throw new DomainError('ACCOUNT_NOT_FOUND');
    const response = await this.accountService.toOwnResponse(account, user);
    const project =
      projectId === undefined ? null : await this.viewableProject({ id: account.id, email: account.email, isSystemAdmin: response.isSystemAdmin }, projectId);
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
