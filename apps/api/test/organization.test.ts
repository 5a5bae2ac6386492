import { ERROR_MESSAGES, PRESET_ORGANIZATION_ROLES } from '@console/domain';
import {
  addOrganizationMember,
  addProjectMember,
  createCaller,
  createOrganization,
  createProject,
  createSystemAdmin,
  expectPresetRoles,
} from './support/fixtures';
import type { AccountBody, Caller, ErrorBodyShape, OrganizationBody, OrganizationFixture, ProjectFixture } from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';

describe('organization calls', () => {
  let api: TestApi;
  let admin: Caller;
  let member: Caller;
  let outsider: Caller;
  let systemAdmin: Caller;
  let organization: OrganizationFixture;
  let other: OrganizationFixture;
  let project: ProjectFixture;

  beforeAll(async () => {
    api = await startApi();
    [admin, member, outsider, systemAdmin, organization, other] = await Promise.all([
      createCaller(api),
      createCaller(api),
      createCaller(api),
      createSystemAdmin(api),
      createOrganization(api, '株式会社テスト'),
      createOrganization(api, '別の組織'),
    ]);
    project = await createProject(api, organization.organization.id);
    await addOrganizationMember(api, admin.id, organization, 'admin');
    await addOrganizationMember(api, member.id, organization, 'member');
    await addProjectMember(api, member.id, project, 'member');
    await addOrganizationMember(api, member.id, other, 'member');
  });

  afterAll(async () => {
    await api.close();
  });

  const id = () => organization.organization.id;

  describe('/organization/listOfAccount', () => {
    it("returns the account's own organizations with their roles", async () => {
      const response = await call<OrganizationBody[]>(api, '/organization/listOfAccount', undefined, member.token);
      expect(response.status).toBe(200);
      expect(response.body.map((o) => o.id).sort()).toEqual([organization.organization.id, other.organization.id].sort());
      const mine = response.body.find((o) => o.id === id());
      expect(mine).toMatchObject({ name: '株式会社テスト', profileImageSrc: null });
      expectPresetRoles(mine?.roles, PRESET_ORGANIZATION_ROLES);
    });

    it('returns an empty list for an account without organizations and every organization for a system admin', async () => {
      expect((await call(api, '/organization/listOfAccount', undefined, outsider.token)).body).toEqual([]);
      const all = await call<OrganizationBody[]>(api, '/organization/listOfAccount', undefined, systemAdmin.token);
      expect(all.body.map((o) => o.id)).toEqual(expect.arrayContaining([id(), other.organization.id]));
    });
  });

  describe('/organization/get', () => {
    it('returns the organization with its roles to a member', async () => {
      const response = await call<OrganizationBody>(api, '/organization/get', { organizationId: id() }, member.token);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: id(), name: '株式会社テスト', profileImageSrc: null });
      expect(response.body.roles.map((r) => r.id)).toEqual([organization.adminRole.id, organization.memberRole.id]);
    });

    it('refuses an outsider and a malformed id', async () => {
      expect((await call(api, '/organization/get', { organizationId: id() }, outsider.token)).status).toBe(403);
      expect(await call(api, '/organization/get', { organizationId: 'short' }, member.token)).toMatchObject({
        status: 400,
        body: { errorCode: 'INVALID_ID', message: 'Invalid id: short' },
      });
    });
  });

  describe('/organization/listMembers', () => {
    it('returns the members with their membership in this organization only', async () => {
      const response = await call<AccountBody[]>(api, '/organization/listMembers', { organizationId: id() }, member.token);
      expect(response.status).toBe(200);
      expect(response.body.map((a) => a.id)).toEqual([admin.id, member.id]);
      const listed = response.body.find((a) => a.id === member.id);
      expect(listed?.memberships).toEqual([
        { organizationId: id(), roleId: organization.memberRole.id, projects: [{ projectId: project.project.id, roleId: project.memberRole.id }] },
      ]);
      expect(listed).toMatchObject({ email: member.user.email, isSystemAdmin: false });
    });

    it('refuses an outsider', async () => {
      expect(await call(api, '/organization/listMembers', { organizationId: id() }, outsider.token)).toMatchObject({
        status: 403,
        body: { errorCode: 'FORBIDDEN', message: ERROR_MESSAGES.FORBIDDEN },
      });
    });

    it('leaves out the members of one of its projects with notInProjectId, also when paged and searched', async () => {
      const ids = async (body: Record<string, unknown>) => {
        const response = await call<AccountBody[] | { items: AccountBody[] }>(api, '/organization/listMembers', { organizationId: id(), ...body }, admin.token);
        expect(response.status).toBe(200);
        return (Array.isArray(response.body) ? response.body : response.body.items).map((a) => a.id);
      };
      expect(await ids({ notInProjectId: project.project.id })).toEqual([admin.id]);
      expect(await ids({ notInProjectId: project.project.id, limit: 10 })).toEqual([admin.id]);
      expect(await ids({ notInProjectId: project.project.id, query: member.user.email.toUpperCase() })).toEqual([]);
      expect(await ids({ notInProjectId: project.project.id, query: admin.user.email })).toEqual([admin.id]);
      // Another organization's project (the member is in it, through that organization) leaves out nobody.
      const foreign = await createProject(api, other.organization.id);
      await addProjectMember(api, member.id, foreign, 'member');
      expect(await ids({ notInProjectId: foreign.project.id })).toEqual([admin.id, member.id]);
    });

    it('refuses a malformed notInProjectId', async () => {
      expect(await call(api, '/organization/listMembers', { organizationId: id(), notInProjectId: 'short' }, admin.token)).toMatchObject({
        status: 400,
        body: { errorCode: 'INVALID_ID' },
      });
    });
  });

  describe('/organization/update', () => {
    it('changes the name and the image for an organization admin', async () => {
      const response = await call<OrganizationBody & { updatedById: string }>(
        api,
        '/organization/update',
        { organizationId: id(), updateProps: { name: '  新しい名前  ', profileImageSrc: 'https://cdn.example.com/a.webp' } },
        admin.token,
      );
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: id(), name: '新しい名前', profileImageSrc: 'https://cdn.example.com/a.webp', updatedById: admin.id });
      const cleared = await call<OrganizationBody>(api, '/organization/update', { organizationId: id(), updateProps: { profileImageSrc: null } }, admin.token);
      expect(cleared.body).toMatchObject({ name: '新しい名前', profileImageSrc: null });
      const renamed = await call<OrganizationBody>(api, '/organization/update', { organizationId: id(), updateProps: { name: '株式会社テスト' } }, admin.token);
      expect(renamed.body.name).toBe('株式会社テスト');
    });

    it('refuses a member, an empty or too long name and a non-http image', async () => {
      expect((await call(api, '/organization/update', { organizationId: id(), updateProps: { name: 'x' } }, member.token)).status).toBe(403);
      expect(await call(api, '/organization/update', { organizationId: id(), updateProps: { name: '   ' } }, admin.token)).toMatchObject({
        status: 400,
        body: { errorCode: 'NAME_REQUIRED' },
      });
      expect(await call(api, '/organization/update', { organizationId: id(), updateProps: { name: 'あ'.repeat(101) } }, admin.token)).toMatchObject({
        status: 400,
        body: { errorCode: 'NAME_TOO_LONG' },
      });
      expect(
        await call(api, '/organization/update', { organizationId: id(), updateProps: { profileImageSrc: 'javascript:alert(1)' } }, admin.token),
      ).toMatchObject({
        status: 400,
        body: { errorCode: 'VALIDATION_FAILED' },
      });
      expect(await call(api, '/organization/update', { organizationId: id() }, admin.token)).toMatchObject({
        status: 400,
        body: { errorCode: 'VALIDATION_FAILED' },
      });
    });
  });

  describe('/organization/removeMember', () => {
    it('removes the account from the organization and its projects and returns the account', async () => {
      const leaving = await createCaller(api);
      await addOrganizationMember(api, leaving.id, organization, 'member');
      await addProjectMember(api, leaving.id, project, 'admin');
      await addOrganizationMember(api, leaving.id, other, 'member');
      const response = await call<AccountBody>(api, '/organization/removeMember', { organizationId: id(), accountId: leaving.id }, admin.token);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: leaving.id, email: leaving.user.email, memberships: [] });
      const own = await call<AccountBody>(api, '/account/get', undefined, leaving.token);
      expect(own.body.memberships).toEqual([{ organizationId: other.organization.id, roleId: other.memberRole.id, projects: [] }]);
      expect((await call(api, '/project/get', { projectId: project.project.id }, leaving.token)).status).toBe(403);
    });

    it('never removes oneself, and refuses an account that is not a member', async () => {
      expect(await call(api, '/organization/removeMember', { organizationId: id(), accountId: admin.id }, admin.token)).toMatchObject({
        status: 403,
        body: { errorCode: 'CANNOT_REMOVE_SELF', message: ERROR_MESSAGES.CANNOT_REMOVE_SELF },
      });
      expect(await call(api, '/organization/removeMember', { organizationId: id(), accountId: outsider.id }, admin.token)).toMatchObject({
        status: 409,
        body: { errorCode: 'NOT_ORGANIZATION_MEMBER' },
      });
      expect(await call(api, '/organization/removeMember', { organizationId: id(), accountId: 'zzzzzzzzzz' }, admin.token)).toMatchObject({
        status: 409,
        body: { errorCode: 'NOT_ORGANIZATION_MEMBER' },
      });
      expect((await call<ErrorBodyShape>(api, '/organization/removeMember', { organizationId: id(), accountId: admin.id }, member.token)).body.errorCode).toBe(
        'FORBIDDEN',
      );
    });
  });
});
