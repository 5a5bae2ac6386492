import { ERROR_MESSAGES } from '@console/domain';
import {
  addOrganizationMember,
  addProjectMember,
  createCast,
  type AccountBody,
  type Caller,
  type OrganizationFixture,
  type ProjectFixture,
} from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';

describe('role assignment', () => {
  let api: TestApi;
  let organizationAdmin: Caller;
  let projectAdmin: Caller;
  let member: Caller;
  let outsider: Caller;
  let systemAdmin: Caller;
  let organization: OrganizationFixture;
  let otherOrganization: OrganizationFixture;
  let project: ProjectFixture;
  let sibling: ProjectFixture;
  let foreign: ProjectFixture;

  beforeAll(async () => {
    api = await startApi();
    ({
      callers: [organizationAdmin, projectAdmin, member, outsider],
      systemAdmin,
      organization,
      otherOrganization,
      project,
      sibling,
      foreign,
    } = await createCast(api));
    await addOrganizationMember(api, organizationAdmin.id, organization, 'admin');
    await addOrganizationMember(api, projectAdmin.id, organization, 'member');
    await addProjectMember(api, projectAdmin.id, project, 'admin');
    await addOrganizationMember(api, member.id, organization, 'member');
    await addOrganizationMember(api, systemAdmin.id, organization, 'member');
  });

  afterAll(async () => {
    await api.close();
  });

  const organizationRole = (accountId: string, roleId: string, organizationId = organization.organization.id) => ({
    accountId,
    props: { organizationId, roleId },
  });
  const projectRole = (accountId: string, projectId: string, roleId: string, organizationId = organization.organization.id) => ({
    accountId,
    organizationId,
    props: { projectId, roleId },
  });

  describe('/account/assignOrganizationRole', () => {
    it('changes the organization role for an organization admin and returns the account', async () => {
      const response = await call<AccountBody>(
        api,
        '/account/assignOrganizationRole',
        organizationRole(member.id, organization.adminRole.id),
        organizationAdmin.token,
      );
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: member.id,
        memberships: [{ organizationId: organization.organization.id, roleId: organization.adminRole.id, projects: [] }],
      });
      const back = await call<AccountBody>(api, '/account/assignOrganizationRole', organizationRole(member.id, organization.memberRole.id), systemAdmin.token);
      expect(back.body.memberships[0]?.roleId).toBe(organization.memberRole.id);
    });

    it('never changes one’s own role, not even a system admin’s', async () => {
      for (const caller of [organizationAdmin, systemAdmin]) {
        expect(await call(api, '/account/assignOrganizationRole', organizationRole(caller.id, organization.memberRole.id), caller.token)).toMatchObject({
          status: 403,
          body: { errorCode: 'CANNOT_CHANGE_OWN_ROLE', message: ERROR_MESSAGES.CANNOT_CHANGE_OWN_ROLE },
        });
      }
    });

    it('needs a role of that organization', async () => {
      for (const roleId of [otherOrganization.adminRole.id, project.adminRole.id, 'unknownRl0']) {
        expect(await call(api, '/account/assignOrganizationRole', organizationRole(member.id, roleId), organizationAdmin.token)).toMatchObject({
          status: 404,
          body: { errorCode: 'ROLE_NOT_FOUND', message: 'Role not found' },
        });
      }
    });

    it('needs the account to be a member of the organization', async () => {
      expect(
        await call(api, '/account/assignOrganizationRole', organizationRole(outsider.id, organization.memberRole.id), organizationAdmin.token),
      ).toMatchObject({
        status: 409,
        body: { errorCode: 'NOT_ORGANIZATION_MEMBER' },
      });
    });

    it('refuses members, project admins and admins of other organizations', async () => {
      for (const caller of [member, projectAdmin, outsider]) {
        expect(
          (await call(api, '/account/assignOrganizationRole', organizationRole(organizationAdmin.id, organization.memberRole.id), caller.token)).status,
        ).toBe(403);
      }
    });
  });

  describe('/account/assignProjectRole', () => {
    it('adds a project role to an organization member, then changes it (merged by projectId)', async () => {
      const added = await call<AccountBody>(
        api,
        '/account/assignProjectRole',
        projectRole(member.id, project.project.id, project.memberRole.id),
        projectAdmin.token,
      );
      expect(added.status).toBe(200);
      expect(added.body.memberships).toEqual([
        {
          organizationId: organization.organization.id,
          roleId: organization.memberRole.id,
          projects: [{ projectId: project.project.id, roleId: project.memberRole.id }],
        },
      ]);
      const changed = await call<AccountBody>(
        api,
        '/account/assignProjectRole',
        projectRole(member.id, project.project.id, project.adminRole.id),
        organizationAdmin.token,
      );
      expect(changed.body.memberships[0]?.projects).toEqual([{ projectId: project.project.id, roleId: project.adminRole.id }]);
      const second = await call<AccountBody>(
        api,
        '/account/assignProjectRole',
        projectRole(member.id, sibling.project.id, sibling.memberRole.id),
        systemAdmin.token,
      );
      expect(second.body.memberships[0]?.projects).toEqual([
        { projectId: project.project.id, roleId: project.adminRole.id },
        { projectId: sibling.project.id, roleId: sibling.memberRole.id },
      ]);
    });

    it('needs the account to belong to the organization already', async () => {
      expect(
        await call(api, '/account/assignProjectRole', projectRole(outsider.id, project.project.id, project.memberRole.id), projectAdmin.token),
      ).toMatchObject({
        status: 409,
        body: { errorCode: 'NOT_ORGANIZATION_MEMBER', message: ERROR_MESSAGES.NOT_ORGANIZATION_MEMBER },
      });
    });

    it('needs a role of that project and a project of that organization', async () => {
      expect(
        await call(api, '/account/assignProjectRole', projectRole(member.id, project.project.id, sibling.memberRole.id), organizationAdmin.token),
      ).toMatchObject({
        status: 404,
        body: { errorCode: 'ROLE_NOT_FOUND' },
      });
      expect(
        await call(api, '/account/assignProjectRole', projectRole(member.id, project.project.id, organization.memberRole.id), organizationAdmin.token),
      ).toMatchObject({
        status: 404,
        body: { errorCode: 'ROLE_NOT_FOUND' },
      });
      expect(
        await call(api, '/account/assignProjectRole', projectRole(member.id, foreign.project.id, foreign.memberRole.id), organizationAdmin.token),
      ).toMatchObject({
        status: 404,
        body: { errorCode: 'PROJECT_NOT_IN_ORGANIZATION' },
      });
    });

    it('never changes one’s own role, and a project admin manages only its project', async () => {
      expect(
        await call(api, '/account/assignProjectRole', projectRole(projectAdmin.id, project.project.id, project.memberRole.id), projectAdmin.token),
      ).toMatchObject({
        status: 403,
        body: { errorCode: 'CANNOT_CHANGE_OWN_ROLE' },
      });
      expect((await call(api, '/account/assignProjectRole', projectRole(member.id, sibling.project.id, sibling.adminRole.id), projectAdmin.token)).status).toBe(
        403,
      );
      // Naming another organization does not borrow the project admin's rights.
      expect(
        (
          await call(
            api,
            '/account/assignProjectRole',
            projectRole(member.id, project.project.id, project.memberRole.id, otherOrganization.organization.id),
            projectAdmin.token,
          )
        ).status,
      ).toBe(403);
    });
  });
});
