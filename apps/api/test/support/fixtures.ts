import {
  ADMIN_ROLE_KEY,
  generateId,
  MEMBER_ROLE_KEY,
  ROOT_ACCOUNT_ID,
  type JoinMode,
  type Locale,
  type ProductSettings,
  type ProjectAssignment,
} from '@console/domain';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { FirebaseAuthService } from '../../src/common/auth/firebase-auth.service';
import { AccountEntity } from '../../src/modules/account/account.entity';
import { AccountRepository } from '../../src/modules/account/account.repository';
import { MembershipRepository } from '../../src/modules/membership/membership.repository';
import { OrganizationDomainEntity } from '../../src/modules/organization-domain/organization-domain.entity';
import { OrganizationDomainRepository } from '../../src/modules/organization-domain/organization-domain.repository';
import type { OrganizationEntity } from '../../src/modules/organization/organization.entity';
import { OrganizationService } from '../../src/modules/organization/organization.service';
import type { ProjectEntity } from '../../src/modules/project/project.entity';
import { ProjectService } from '../../src/modules/project/project.service';
import type { RoleEntity } from '../../src/modules/role/role.entity';
import { RoleRepository } from '../../src/modules/role/role.repository';
import { bearer, call, signInUser, signUpUser, type TestApi, type TestUser } from './harness';

/** Data set-up for API tests: through the app's own services and repositories (never mocks), so the rules stay the app's. */

/** An account's membership of an organization, with its roles in the organization's projects. */
export interface MembershipBody {
  organizationId: string;
  roleId: string;
  projects: { projectId: string; roleId: string }[];
}

export interface AccountBody {
  id: string;
  idaasId: string | null;
  name: string | null;
  email: string;
  profileImageSrc: string | null;
  isSystemAdmin: boolean;
  locale: Locale;
  memberships: MembershipBody[];
  createdAt: string;
  updatedAt: string;
}

export interface RoleBody {
  id: string;
  key: string;
  name: string;
  description: string;
  isPreset: boolean;
}

export interface OrganizationBody {
  id: string;
  name: string;
  profileImageSrc: string | null;
  roles: RoleBody[];
}

export interface ProjectBody {
  id: string;
  name: string;
  organizationId: string;
  roles: RoleBody[];
  productSettings: Record<string, { plan: string }>;
}

export interface InvitationBody {
  id: string;
  expiredIn: number;
  email: string;
  canBeSuperAdmin: boolean;
  membership: MembershipBody;
  status: string;
  createdById: string;
  createdAt: string;
}

/** One address's entry in the answer of /organization/inviteMembers: an invitation, or the existing account that got the membership directly. */
export interface InviteEntryBody {
  email: string;
  invitation: InvitationBody | null;
  account: AccountBody | null;
  /** Why the address failed (null when it did not). */
  errorCode: string | null;
}

export interface ErrorBodyShape {
  name: string;
  errorCode: string;
  message: string;
}

/** A signed-up user with an account, and its ID token. */
export interface Caller {
  user: TestUser;
  account: AccountBody;
  token: string;
  id: string;
}

export function uniqueEmail(prefix = 'user', domain = 'example.com'): string {
  return `${prefix}-${randomBytes(6).toString('hex')}@${domain}`;
}

export async function createCaller(api: TestApi, email = uniqueEmail()): Promise<Caller> {
  const user = await signUpUser(email);
  const created = await call<AccountBody>(api, '/account/create', undefined, user.idToken);
  if (created.status !== 200) throw new Error(`account creation failed: ${JSON.stringify(created.body)}`);
  return { user, account: created.body, token: user.idToken, id: created.body.id };
}

/** Expects exactly the preset roles, in their order: key, name and description as defined, each marked as a preset. */
export function expectPresetRoles(roles: readonly RoleBody[] | undefined, presets: readonly { key: string; name: string; description: string }[]): void {
  expect(roles?.map((r) => ({ key: r.key, name: r.name, description: r.description, isPreset: r.isPreset }))).toEqual(
    presets.map((r) => ({ key: r.key, name: r.name, description: r.description, isPreset: true })),
  );
}

/**
 * Marks the caller's address as verified with the identity provider (as following its verification
 * link would) and signs in again, for an ID token that says so.
 */
export async function verifyEmail(api: TestApi, caller: Caller): Promise<Caller> {
  await api.app.get(FirebaseAuthService).auth.updateUser(caller.user.uid, { emailVerified: true });
  const token = await signInUser(caller.user.email, caller.user.password);
  return { ...caller, token, user: { ...caller.user, idToken: token } };
}

/** A system administrator on the company mail domain (the flag is set directly, as the bootstrap does for root). */
export async function createSystemAdmin(api: TestApi): Promise<Caller> {
  const caller = await createCaller(api, uniqueEmail('admin', api.config.companyMailDomain));
  await api.app.get(AccountRepository).update(caller.id, { isSystemAdmin: true });
  return { ...caller, account: { ...caller.account, isSystemAdmin: true } };
}

export interface OrganizationFixture {
  organization: OrganizationEntity;
  adminRole: RoleEntity;
  memberRole: RoleEntity;
}

export interface ProjectFixture {
  project: ProjectEntity;
  adminRole: RoleEntity;
  memberRole: RoleEntity;
}

export interface OrganizationWithProjectsFixture extends OrganizationFixture {
  projects: ProjectFixture[];
}

function byKey(roles: readonly RoleEntity[], key: string): RoleEntity {
  const role = roles.find((r) => r.key === key);
  if (!role) throw new Error(`no ${key} role`);
  return role;
}

export async function createOrganization(api: TestApi, name = `組織 ${randomBytes(3).toString('hex')}`): Promise<OrganizationFixture> {
  const organization = await api.app.get(OrganizationService).create({ id: ROOT_ACCOUNT_ID }, { name });
  const roles = await api.app.get(RoleRepository).findOrganizationRoles([organization.id]);
  return { organization, adminRole: byKey(roles, ADMIN_ROLE_KEY), memberRole: byKey(roles, MEMBER_ROLE_KEY) };
}

export async function createProject(
  api: TestApi,
  organizationId: string,
  name = `プロジェクト ${randomBytes(3).toString('hex')}`,
  productSettings: ProductSettings = {},
): Promise<ProjectFixture> {
  const project = await api.app.get(ProjectService).create({ id: ROOT_ACCOUNT_ID }, { organizationId, name, productSettings });
  const roles = await api.app.get(RoleRepository).findProjectRoles([project.id]);
  return { project, adminRole: byKey(roles, ADMIN_ROLE_KEY), memberRole: byKey(roles, MEMBER_ROLE_KEY) };
}

/** An organization with `projectCount` projects named '<name> プロジェクト1', '<name> プロジェクト2', … (created one after the other). */
export async function createOrganizationWithProjects(
  api: TestApi,
  name: string,
  projectCount = 2,
  productSettings: ProductSettings = {},
): Promise<OrganizationWithProjectsFixture> {
  const organization = await createOrganization(api, name);
  const projects: ProjectFixture[] = [];
  for (let i = 0; i < projectCount; i += 1)
    projects.push(await createProject(api, organization.organization.id, `${name} プロジェクト${i + 1}`, productSettings));
  return { ...organization, projects };
}

/**
 * The cast of the project and role tests: four callers without memberships, a system administrator,
 * `organization` with the projects `project` ('プロジェクトA') and `sibling` ('プロジェクトB'), and
 * `otherOrganization` with the project `foreign` ('よその'). Each test gives the callers their roles.
 */
export interface Cast {
  callers: [Caller, Caller, Caller, Caller];
  systemAdmin: Caller;
  organization: OrganizationFixture;
  otherOrganization: OrganizationFixture;
  project: ProjectFixture;
  sibling: ProjectFixture;
  foreign: ProjectFixture;
}

export async function createCast(api: TestApi): Promise<Cast> {
  const [first, second, third, fourth, systemAdmin, organization, otherOrganization] = await Promise.all([
    createCaller(api),
    createCaller(api),
    createCaller(api),
    createCaller(api),
    createSystemAdmin(api),
    createOrganization(api),
    createOrganization(api),
  ]);
  const [project, sibling, foreign] = await Promise.all([
    createProject(api, organization.organization.id, 'プロジェクトA'),
    createProject(api, organization.organization.id, 'プロジェクトB'),
    createProject(api, otherOrganization.organization.id, 'よその'),
  ]);
  return { callers: [first, second, third, fourth], systemAdmin, organization, otherOrganization, project, sibling, foreign };
}

export async function addOrganizationMember(
  api: TestApi,
  accountId: string,
  organization: OrganizationFixture,
  roleKey: string = MEMBER_ROLE_KEY,
): Promise<void> {
  const role = roleKey === ADMIN_ROLE_KEY ? organization.adminRole : organization.memberRole;
  await api.app
    .get(MembershipRepository)
    .insertOrganizationMemberships([{ accountId, organizationId: organization.organization.id, roleId: role.id, operatorId: ROOT_ACCOUNT_ID }]);
}

export async function addProjectMember(api: TestApi, accountId: string, project: ProjectFixture, roleKey: string = MEMBER_ROLE_KEY): Promise<void> {
  const role = roleKey === ADMIN_ROLE_KEY ? project.adminRole : project.memberRole;
  await api.app
    .get(MembershipRepository)
    .insertProjectMemberships([
      { accountId, projectId: project.project.id, organizationId: project.project.organizationId, roleId: role.id, operatorId: ROOT_ACCOUNT_ID },
    ]);
}

/** `count` accounts without a Firebase identity, inserted in one statement. */
export async function insertAccounts(api: TestApi, count: number): Promise<AccountEntity[]> {
  const rows = Array.from({ length: count }, () => {
    const id = generateId('account');
    return Object.assign(new AccountEntity(), {
      id,
      idaasId: null,
      name: `member ${id}`,
      email: uniqueEmail('bulk').toLowerCase(),
      profileImageSrc: null,
      isSystemAdmin: false,
      createdById: ROOT_ACCOUNT_ID,
      updatedById: ROOT_ACCOUNT_ID,
    });
  });
  await api.app.get(DataSource).getRepository(AccountEntity).insert(rows);
  return rows;
}

/** Makes every account a member of the organization (and optionally of a project), in bulk. */
export async function insertMemberships(
  api: TestApi,
  accounts: readonly AccountEntity[],
  organization: OrganizationFixture,
  project?: ProjectFixture,
): Promise<void> {
  const memberships = api.app.get(MembershipRepository);
  await memberships.insertOrganizationMemberships(
    accounts.map((a) => ({ accountId: a.id, organizationId: organization.organization.id, roleId: organization.memberRole.id, operatorId: ROOT_ACCOUNT_ID })),
  );
  if (!project) return;
  await memberships.insertProjectMemberships(
    accounts.map((a) => ({
      accountId: a.id,
      projectId: project.project.id,
      organizationId: project.project.organizationId,
      roleId: project.memberRole.id,
      operatorId: ROOT_ACCOUNT_ID,
    })),
  );
}

/** POSTs a multipart upload like the web does (FormData with the image in `profileImage`). */
export async function upload<T = unknown>(
  api: TestApi,
  path: string,
  token: string | undefined,
  file: { data: Buffer; type?: string; name?: string; field?: string } | undefined,
  fields: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.field ?? 'profileImage', new Blob([file.data], { type: file.type ?? 'application/octet-stream' }), file.name ?? 'image');
  const response = await fetch(`${api.baseUrl}${path}`, { method: 'POST', headers: bearer(token), body: form });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A domain name no other test uses. */
export function uniqueDomainName(prefix = 'corp'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}.example.jp`;
}

/**
 * A verified domain of the organization with a join policy (docs/product-rules.md#auto-join) set by
 * `setById` (the root account by default), inserted through the repository as a DNS check and the
 * policy call would leave it; its id and name.
 */
export async function insertJoinableDomain(
  api: TestApi,
  organization: OrganizationFixture,
  mode: JoinMode,
  options: { domain?: string; projects?: ProjectAssignment[]; setById?: string } = {},
): Promise<{ id: string; domain: string }> {
  const domain = options.domain ?? uniqueDomainName();
  const id = generateId('domain');
  await api.app.get(OrganizationDomainRepository).insert(
    Object.assign(new OrganizationDomainEntity(), {
      id,
      organizationId: organization.organization.id,
      domain,
      displayDomain: domain,
      verificationToken: randomBytes(16).toString('base64url'),
      state: 'verified',
      lastCheckedAt: new Date(),
      lastError: null,
      consecutiveFailures: 0,
      verifiedAt: new Date(),
      verifiedBy: 'systemAdmin',
      verifiedById: ROOT_ACCOUNT_ID,
      joinMode: mode,
      joinRoleId: mode === 'off' ? null : organization.memberRole.id,
      joinProjects: mode === 'off' ? [] : (options.projects ?? []),
      joinPolicySetById: mode === 'off' ? null : (options.setById ?? ROOT_ACCOUNT_ID),
      createdById: ROOT_ACCOUNT_ID,
      updatedById: ROOT_ACCOUNT_ID,
    } satisfies Omit<OrganizationDomainEntity, 'createdAt' | 'updatedAt'>),
  );
  return { id, domain };
}

/** A caller whose address on `domain` the identity provider has verified. */
export async function createVerifiedCaller(api: TestApi, domain: string, prefix = 'person'): Promise<Caller> {
  return verifyEmail(api, await createCaller(api, uniqueEmail(prefix, domain)));
}
