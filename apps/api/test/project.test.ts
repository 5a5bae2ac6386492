import { ERROR_MESSAGES, PRESET_PROJECT_ROLES } from '@console/domain';
import {
  addOrganizationMember,
  addProjectMember,
  createCaller,
  createCast,
  type AccountBody,
  type Caller,
  type OrganizationFixture,
  type ProjectBody,
  type ProjectFixture,
} from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';

describe('project calls', () => {
  let api: TestApi;
  let projectAdmin: Caller;
  let projectMember: Caller;
  let organizationMember: Caller;
  let outsider: Caller;
  let systemAdmin: Caller;
  let organization: OrganizationFixture;
  let project: ProjectFixture;
  let sibling: ProjectFixture;
  let foreign: ProjectFixture;

  beforeAll(async () => {
    api = await startApi();
    ({
      callers: [projectAdmin, projectMember, organizationMember, outsider],
      systemAdmin,
      organization,
      project,
      sibling,
      foreign,
    } = await createCast(api));
    for (const caller of [projectAdmin, projectMember, organizationMember]) await addOrganizationMember(api, caller.id, organization, 'member');
    await addProjectMember(api, projectAdmin.id, project, 'admin');
    await addProjectMember(api, projectMember.id, project, 'member');
  });

  afterAll(async () => {
    await api.close();
  });

  const id = () => project.project.id;

  describe('/project/listInAccount', () => {
    it('returns the projects of the organizations the account belongs to, with their roles summarised, product settings and their organization’s name and image', async () => {
      const response = await call<ProjectBody[]>(api, '/project/listInAccount', undefined, organizationMember.token);
      expect(response.status).toBe(200);
      expect(response.body.map((p) => p.id).sort()).toEqual([project.project.id, sibling.project.id].sort());
      const listed = response.body.find((p) => p.id === id());
      expect(listed).toMatchObject({
        name: 'プロジェクトA',
        organizationId: organization.organization.id,
        organizationName: organization.organization.name,
        organizationProfileImageSrc: organization.organization.profileImageSrc,
        productSettings: {},
      });
      expect(listed?.roles).toEqual([project.adminRole, project.memberRole].map((role) => ({ id: role.id, key: role.key, name: role.name })));
      expect(listed?.roles.map((role) => role.name)).toEqual(PRESET_PROJECT_ROLES.map((preset) => preset.name));
    });

    it('returns nothing to an outsider and every project to a system admin', async () => {
      expect((await call(api, '/project/listInAccount', undefined, outsider.token)).body).toEqual([]);
      const all = await call<ProjectBody[]>(api, '/project/listInAccount', undefined, systemAdmin.token);
      expect(all.body.map((p) => p.id)).toEqual(expect.arrayContaining([id(), sibling.project.id, foreign.project.id]));
    });
  });

  describe('/project/get', () => {
    it('returns name, roles, productSettings and organizationId to any member of the organization', async () => {
      const response = await call<ProjectBody>(api, '/project/get', { projectId: id() }, organizationMember.token);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: id(), name: 'プロジェクトA', organizationId: organization.organization.id, productSettings: {} });
      expect(response.body.roles.map((r) => r.id)).toEqual([project.adminRole.id, project.memberRole.id]);
    });

    it('refuses an outsider', async () => {
      expect((await call(api, '/project/get', { projectId: id() }, outsider.token)).status).toBe(403);
    });
  });

  describe('/project/listMembers', () => {
    it("returns the project's members with their memberships in the organization", async () => {
      const response = await call<AccountBody[]>(api, '/project/listMembers', { projectId: id() }, organizationMember.token);
      expect(response.status).toBe(200);
      expect(response.body.map((a) => a.id)).toEqual([projectAdmin.id, projectMember.id]);
      expect(response.body[1]?.memberships).toEqual([
        { organizationId: organization.organization.id, roleId: organization.memberRole.id, projects: [{ projectId: id(), roleId: project.memberRole.id }] },
      ]);
    });
  });

  describe('/project/update', () => {
    it('renames the project for a project admin', async () => {
      const response = await call<ProjectBody>(api, '/project/update', { projectId: id(), updateProps: { name: '改名後' } }, projectAdmin.token);
      expect(response).toMatchObject({ status: 200, body: { id: id(), name: '改名後' } });
      await call(api, '/project/update', { projectId: id(), updateProps: { name: 'プロジェクトA' } }, projectAdmin.token);
    });

    it('changes product settings only for a system admin, validated against the product catalogue', async () => {
      expect(
        await call(api, '/project/update', { projectId: id(), updateProps: { productSettings: { knowledge: { plan: 'enterprise' } } } }, projectAdmin.token),
      ).toMatchObject({
        status: 403,
        body: { errorCode: 'FORBIDDEN' },
      });
      const enabled = await call<ProjectBody>(
        api,
        '/project/update',
        { projectId: id(), updateProps: { productSettings: { knowledge: { plan: 'enterprise' } } } },
        systemAdmin.token,
      );
      expect(enabled).toMatchObject({ status: 200, body: { productSettings: { knowledge: { plan: 'enterprise' } } } });
      expect((await call<ProjectBody>(api, '/project/get', { projectId: id() }, projectMember.token)).body.productSettings).toEqual({
        knowledge: { plan: 'enterprise' },
      });
      expect(
        await call(api, '/project/update', { projectId: id(), updateProps: { productSettings: { speak: { plan: 'enterprise' } } } }, systemAdmin.token),
      ).toMatchObject({
        status: 400,
        body: { errorCode: 'INVALID_PRODUCT' },
      });
      expect(
        await call(api, '/project/update', { projectId: id(), updateProps: { productSettings: { knowledge: { plan: 'gold' } } } }, systemAdmin.token),
      ).toMatchObject({
        status: 400,
        body: { errorCode: 'INVALID_PLAN' },
      });
      expect(await call(api, '/project/update', { projectId: id(), updateProps: { productSettings: ['knowledge'] } }, systemAdmin.token)).toMatchObject({
        status: 400,
      });
      const disabled = await call<ProjectBody>(
        api,
        '/project/update',
        { projectId: id(), updateProps: { productSettings: { knowledge: { plan: 'none' } } } },
        systemAdmin.token,
      );
      expect(disabled.body.productSettings).toEqual({ knowledge: { plan: 'none' } });
    });

    it('refuses a project member, an empty name and the admin of another project', async () => {
      expect((await call(api, '/project/update', { projectId: id(), updateProps: { name: 'x' } }, projectMember.token)).status).toBe(403);
      expect(await call(api, '/project/update', { projectId: id(), updateProps: { name: '' } }, projectAdmin.token)).toMatchObject({
        status: 400,
        body: { errorCode: 'NAME_REQUIRED' },
      });
      expect((await call(api, '/project/update', { projectId: sibling.project.id, updateProps: { name: 'x' } }, projectAdmin.token)).status).toBe(403);
    });
  });

  describe('/project/removeMember', () => {
    it('removes the project role and keeps the organization membership', async () => {
      const leaving = await createCaller(api);
      await addOrganizationMember(api, leaving.id, organization, 'member');
      await addProjectMember(api, leaving.id, project, 'member');
      await addProjectMember(api, leaving.id, sibling, 'member');
      const response = await call<AccountBody>(api, '/project/removeMember', { projectId: id(), accountId: leaving.id }, projectAdmin.token);
      expect(response.status).toBe(200);
      expect(response.body.memberships).toEqual([
        {
          organizationId: organization.organization.id,
          roleId: organization.memberRole.id,
          projects: [{ projectId: sibling.project.id, roleId: sibling.memberRole.id }],
        },
      ]);
      const members = await call<AccountBody[]>(api, '/project/listMembers', { projectId: id() }, projectAdmin.token);
      expect(members.body.map((a) => a.id)).not.toContain(leaving.id);
    });

    it('never removes oneself and refuses an account that is not in the project', async () => {
      expect(await call(api, '/project/removeMember', { projectId: id(), accountId: projectAdmin.id }, projectAdmin.token)).toMatchObject({
        status: 403,
        body: { errorCode: 'CANNOT_REMOVE_SELF', message: ERROR_MESSAGES.CANNOT_REMOVE_SELF },
      });
      expect(await call(api, '/project/removeMember', { projectId: id(), accountId: organizationMember.id }, projectAdmin.token)).toMatchObject({
        status: 404,
        body: { errorCode: 'NOT_FOUND' },
      });
      expect((await call(api, '/project/removeMember', { projectId: id(), accountId: projectAdmin.id }, projectMember.token)).status).toBe(403);
    });
  });
});
