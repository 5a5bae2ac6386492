import { Injectable } from '@nestjs/common';
import {
  accessRoleKeys,
  decide,
  DomainError,
  ENTITLEMENT_ACTIONS,
  LIST_PAGE_SIZE,
  planOf,
  PRODUCT_KEYS,
  type Membership,
  type PlanKey,
  type ProductKey,
} from '@console/domain';
import { FirebaseAuthService } from '../../common/auth/firebase-auth.service';
import type { ServiceCaller } from '../../common/auth/service-callers';
import { SignInSessions } from '../../common/auth/sign-in-sessions';
import { listWindow, pageOf, type Page } from '../../common/http/paging';
import type { AccountEntity } from '../account/account.entity';
import { AccountRepository } from '../account/account.repository';
import { memberKeyOf, MembershipRepository, PROJECT_MEMBER_KEYSET } from '../membership/membership.repository';
import type { ProjectEntity } from '../project/project.entity';
import { ProjectRepository } from '../project/project.repository';
import type { RoleEntity } from '../role/role.entity';
import { RoleRepository } from '../role/role.repository';
import type { EntitlementResponse, EntitlementRoleResponse } from './service-credential.dto';

/** A project as the membership calls of one product see it: with its roles and the product's plan. */
interface ProductScope {
  project: ProjectEntity;
  product: ProductKey;
  plan: PlanKey;
  roles: { organization: RoleEntity[]; project: RoleEntity[] };
}

function roleOf(roles: readonly RoleEntity[], key: string | null): EntitlementRoleResponse | null {
  const role = key === null ? undefined : roles.find((r) => r.key === key);
  return role ? { id: role.id, key: role.key, name: role.name } : null;
}

/** An account's roles in the scope and the permissions decide() gives it there. */
function entitlement(account: AccountEntity, memberships: readonly Membership[], scope: ProductScope): EntitlementResponse {
  const { project } = scope;
  const keys = accessRoleKeys(memberships, scope.roles, { organizationId: project.organizationId, projectId: project.id });
  const operator = { id: account.id, email: account.email, isSystemAdmin: account.isSystemAdmin };
  return {
    accountId: account.id,
    email: account.email,
    name: account.name,
    projectId: project.id,
    organizationId: project.organizationId,
    organizationRole: roleOf(scope.roles.organization, keys.organizationRoleKey),
    projectRole: roleOf(scope.roles.project, keys.projectRoleKey),
    permissions: ENTITLEMENT_ACTIONS.filter((action) => decide(action, { operator, ...keys }).allowed),
    product: scope.product,
    plan: scope.plan,
  };
}

/**
 * The membership and entitlement calls of sibling products (docs/integration.md#membership-calls):
 * roles, permissions and plan of accounts in a project where the calling credential's product is
 * enabled; any other project is NOT_FOUND to it, like an unknown one.
 */
@Injectable()
export class ServiceMembershipService {
  constructor(
    private readonly firebase: FirebaseAuthService,
    private readonly signIns: SignInSessions,
    private readonly accounts: AccountRepository,
    private readonly projects: ProjectRepository,
    private readonly memberships: MembershipRepository,
    private readonly roles: RoleRepository,
  ) {}

  /** One account, named by its id or by a session cookie. */
  async get(caller: ServiceCaller, request: { projectId: string; accountId?: string; sessionCookie?: string }): Promise<EntitlementResponse> {
    if ((request.accountId === undefined) === (request.sessionCookie === undefined)) {
      throw new DomainError('VALIDATION_FAILED', 'Give either accountId or sessionCookie');
    }
    const scope = await this.scope(caller, request.projectId);
    const account = request.accountId === undefined ? await this.accountOfCookie(request.sessionCookie ?? '') : await this.accounts.findById(request.accountId);
    if (!account || account.deletedAt !== null) throw new DomainError('ACCOUNT_NOT_FOUND');
    const memberships = await this.memberships.membershipsOf([account.id], scope.project.organizationId);
    return entitlement(account, memberships.get(account.id) ?? [], scope);
  }

  /** Many accounts at once, in the order asked; unknown and deleted accounts are left out. */
  async batch(caller: ServiceCaller, projectId: string, accountIds: readonly string[]): Promise<EntitlementResponse[]> {
    const scope = await this.scope(caller, projectId);
    const accounts = (await this.accounts.findByIds(accountIds)).filter((a) => a.deletedAt === null);
    const memberships = await this.memberships.membershipsOf(
      accounts.map((a) => a.id),
      scope.project.organizationId,
    );
    return accounts.map((account) => entitlement(account, memberships.get(account.id) ?? [], scope));
  }

  /** The project's members in the order they were added, one page. */
  async listMembers(caller: ServiceCaller, request: { projectId: string; limit?: number; cursor?: string }): Promise<Page<EntitlementResponse>> {
    const scope = await this.scope(caller, request.projectId);
    const window = listWindow({ limit: request.limit ?? LIST_PAGE_SIZE, cursor: request.cursor }, PROJECT_MEMBER_KEYSET);
    const rows = await this.memberships.projectMemberPage(request.projectId, window);
    return pageOf(rows, window.pageSize ?? LIST_PAGE_SIZE, memberKeyOf, (row) => entitlement(row, row.memberships, scope));
  }

  private async accountOfCookie(sessionCookie: string): Promise<AccountEntity | null> {
    const user = await this.firebase.verifySessionCookie(sessionCookie);
    await this.signIns.assertActive(user);
    return this.accounts.findByIdaasId(user.uid);
  }

  /** The project with its roles, when the caller's product is enabled in it; NOT_FOUND otherwise. */
  private async scope(caller: ServiceCaller, projectId: string): Promise<ProductScope> {
    const product = PRODUCT_KEYS.find((key) => key === caller.product);
    const project = await this.projects.findById(projectId);
    const plan = product && project ? planOf(project.productSettings, product) : 'none';
    if (!product || !project || plan === 'none') throw new DomainError('NOT_FOUND');
    const [organization, projectRoles] = await Promise.all([
      this.roles.findOrganizationRoles([project.organizationId]),
      this.roles.findProjectRoles([project.id]),
    ]);
    return { project, product, plan, roles: { organization, project: projectRoles } };
  }
}
