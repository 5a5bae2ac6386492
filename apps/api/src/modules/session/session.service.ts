import { Injectable } from '@nestjs/common';
import { assertValidId, decide, DomainError, enabledProducts, findProjectAssignment, findMembership } from '@console/domain';
import { FirebaseAuthService } from '../../common/auth/firebase-auth.service';
import type { FirebaseUser } from '../../common/auth/operator';
import { AccountRepository } from '../account/account.repository';
import { AccountService } from '../account/account.service';
import { ProjectRepository } from '../project/project.repository';
import { RoleRepository } from '../role/role.repository';
import { toIntrospectedProjectResponse, type IntrospectedProjectResponse, type SessionIntrospectionResponse } from './session.dto';
import { isRecentSignIn, SESSION_COOKIE_MAX_AGE_MS } from './session-cookie';

@Injectable()
export class SessionService {
  constructor(
    private readonly firebase: FirebaseAuthService,
    private readonly accounts: AccountRepository,
    private readonly accountService: AccountService,
    private readonly projects: ProjectRepository,
    private readonly roles: RoleRepository,
  ) {}

  /**
   * Exchanges the caller's bearer ID token (verified as `user`) for a session cookie, only for a
   * recent sign-in: a stolen, older token cannot be turned into a cookie valid for days.
   */
  async login(idToken: string | undefined, user: FirebaseUser): Promise<{ cookie: string; maxAgeMs: number; expiresAt: Date }> {
    if (!idToken || !isRecentSignIn(user.authTimeMs, Date.now())) throw new DomainError('UNAUTHENTICATED');
    const cookie = await this.firebase.createSessionCookie(idToken, SESSION_COOKIE_MAX_AGE_MS);
    return { cookie, maxAgeMs: SESSION_COOKIE_MAX_AGE_MS, expiresAt: new Date(Date.now() + SESSION_COOKIE_MAX_AGE_MS) };
  }

  /** Revokes every session of the user: its ID tokens and session cookies, here and in sibling products. */
  async logout(uid: string): Promise<void> {
    await this.firebase.revokeSessions(uid);
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
    const project = projectId === undefined ? null : await this.viewableProject({ id: account.id, email: account.email, isSystemAdmin: response.isSystemAdmin }, response.memberships, projectId);
    return { account: response, memberships: response.memberships, project };
  }

  private async viewableProject(
    operator: { id: string; email: string; isSystemAdmin: boolean },
    memberships: SessionIntrospectionResponse['memberships'],
    projectId: string,
  ): Promise<IntrospectedProjectResponse> {
    assertValidId('project', projectId);
    const project = await this.projects.findById(projectId);
    // An unknown project and one the account may not view answer alike.
    if (!project) throw new DomainError('FORBIDDEN');
    const organizationRoleId = findMembership(memberships, project.organizationId)?.roleId;
    const projectRoleId = findProjectAssignment(memberships, project.id)?.roleId;
    const [organizationRoles, projectRoles] = await Promise.all([this.roles.findOrganizationRoles([project.organizationId]), this.roles.findProjectRoles([project.id])]);
    const decision = decide('project.view', {
      operator,
      organizationRoleKey: organizationRoles.find((r) => r.id === organizationRoleId)?.key ?? null,
      projectRoleKey: projectRoles.find((r) => r.id === projectRoleId)?.key ?? null,
    });
    if (!decision.allowed) throw new DomainError('FORBIDDEN');
    return toIntrospectedProjectResponse(project, enabledProducts(project.productSettings));
  }
}
