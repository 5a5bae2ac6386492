import { ROOT_ACCOUNT_ID, type ProductSettings } from '@console/domain';
import { DataSource } from 'typeorm';
import { OrganizationMembershipEntity } from '../../src/modules/organization/organization-membership.entity';
import { OrganizationService } from '../../src/modules/organization/organization.service';
import { ProjectMembershipEntity } from '../../src/modules/project/project-membership.entity';
import { ProjectService } from '../../src/modules/project/project.service';
import { RoleRepository } from '../../src/modules/role/role.repository';
import { call, signUpUser, type TestApi, type TestUser } from './harness';

export interface RoleIds {
  admin: string;
  member: string;
}

export interface ProjectFixture {
  id: string;
  roles: RoleIds;
}

export interface OrganizationFixture {
  id: string;
  name: string;
  roles: RoleIds;
  projects: ProjectFixture[];
}

export interface AccountFixture extends TestUser {
  accountId: string;
}

function roleIds(roles: readonly { key: string; id: string }[]): RoleIds {
  const admin = roles.find((r) => r.key === 'admin')?.id;
  const member = roles.find((r) => r.key === 'member')?.id;
  if (!admin || !member) throw new Error('preset roles missing');
  return { admin, member };
}

/** An organization with `projectCount` projects (created through the services, as a system admin would). */
export async function createOrganization(api: TestApi, name: string, projectCount = 2, productSettings: ProductSettings = {}): Promise<OrganizationFixture> {
  const operator = { id: ROOT_ACCOUNT_ID };
  const organization = await api.app.get(OrganizationService).create(operator, { name });
  const roles = api.app.get(RoleRepository);
  const projects: ProjectFixture[] = [];
  for (let i = 0; i < projectCount; i += 1) {
    const project = await api.app.get(ProjectService).create(operator, { organizationId: organization.id, name: `${name} プロジェクト${i + 1}`, productSettings });
    projects.push({ id: project.id, roles: roleIds(await roles.findProjectRoles([project.id])) });
  }
  return { id: organization.id, name: organization.name, roles: roleIds(await roles.findOrganizationRoles([organization.id])), projects };
}

/** A signed-up user with its account. */
export async function createAccount(api: TestApi, email?: string): Promise<AccountFixture> {
  const user = await signUpUser(email);
  const created = await call<{ id: string }>(api, '/account/create', undefined, user.idToken);
  if (created.status !== 200) throw new Error(`account creation failed: ${created.status}`);
  return { ...user, accountId: created.body.id };
}

/** Makes the account a member of the organization (and of the projects given). */
export async function addMember(api: TestApi, accountId: string, organizationId: string, roleId: string, projects: readonly { projectId: string; roleId: string }[] = []): Promise<void> {
  await api.app.get(DataSource).transaction(async (m) => {
    await m.getRepository(OrganizationMembershipEntity).insert({ accountId, organizationId, roleId, createdById: ROOT_ACCOUNT_ID, updatedById: ROOT_ACCOUNT_ID });
    for (const p of projects) {
      await m.getRepository(ProjectMembershipEntity).insert({ accountId, organizationId, projectId: p.projectId, roleId: p.roleId, createdById: ROOT_ACCOUNT_ID, updatedById: ROOT_ACCOUNT_ID });
    }
  });
}

export function uniqueEmail(prefix = 'invitee'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
