import { Actions, can, ErrorCodes, decide } from '@console/domain';
import { permissionSubject } from '@/features/account/permissions';

const organization = {
  id: 'org00001',
  roles: [
    { id: 'orole00001', key: 'admin', name: '管理者' },
    { id: 'orole00002', key: 'member', name: 'メンバー' },
  ],
};
const project = {
  id: 'prj00001',
  roles: [
    { id: 'prole00001', key: 'admin', name: '管理者' },
    { id: 'prole00002', key: 'member', name: 'メンバー' },
  ],
};
const otherProject = { id: 'prj00002', roles: project.roles };

function account(memberships: { organizationId: string; roleId: string; projects: { projectId: string; roleId: string }[] }[], isSystemAdmin = false) {
  return { id: 'acc0000001', email: 'someone@example.com', isSystemAdmin, memberships };
}

/** Organization member, admin of `prj00001` only. */
const projectAdmin = account([{ organizationId: 'org00001', roleId: 'orole00002', projects: [{ projectId: 'prj00001', roleId: 'prole00001' }] }]);
const organizationAdmin = account([{ organizationId: 'org00001', roleId: 'orole00001', projects: [] }]);
const projectMember = account([{ organizationId: 'org00001', roleId: 'orole00002', projects: [{ projectId: 'prj00001', roleId: 'prole00002' }] }]);
const systemAdmin = account([], true);

describe('permissionSubject', () => {
  it('gives the role keys of the account in the organization and the project', () => {
    expect(permissionSubject(projectAdmin, organization, project)).toEqual({
      operator: { id: 'acc0000001', email: 'someone@example.com', isSystemAdmin: false },
      organizationRoleKey: 'member',
      projectRoleKey: 'admin',
    });
    expect(permissionSubject(projectAdmin, organization, otherProject)).toMatchObject({ organizationRoleKey: 'member', projectRoleKey: null });
    expect(permissionSubject(projectAdmin, { id: 'org00002', roles: organization.roles })).toMatchObject({ organizationRoleKey: null, projectRoleKey: null });
  });

  it('is the operator alone outside an organization (system-wide questions)', () => {
    expect(permissionSubject(systemAdmin)).toEqual({ operator: { id: 'acc0000001', email: 'someone@example.com', isSystemAdmin: true } });
    expect(can(Actions.SystemAdminAccess, permissionSubject(systemAdmin))).toBe(true);
    expect(can(Actions.KarteMappingRead, permissionSubject(systemAdmin))).toBe(true);
    expect(decide(Actions.SystemAdminAccess, permissionSubject(organizationAdmin))).toEqual({ allowed: false, reason: ErrorCodes.FORBIDDEN });
    expect(can(Actions.KarteMappingRead, permissionSubject(organizationAdmin, organization))).toBe(false);
  });

  /** The organization roles the invite dialog offers: those `decide()` lets the operator give. */
  const invitableRoleKeys = (subject: ReturnType<typeof permissionSubject>) =>
    organization.roles.filter((role) => can(Actions.ProjectInvite, { ...subject, invitedOrganizationRoleKey: role.key })).map((role) => role.key);

  it('lets a project admin who is not an organization admin invite into that project only, giving the member role', () => {
    const subject = permissionSubject(projectAdmin, organization, project);
    expect(can(Actions.ProjectInvite, subject)).toBe(true);
    expect(invitableRoleKeys(subject)).toEqual(['member']);
    expect(can(Actions.ProjectInvite, permissionSubject(projectAdmin, organization, otherProject))).toBe(false);
    expect(can(Actions.OrganizationInvite, subject)).toBe(false);
  });

  it('lets organization and system admins invite into any project with any organization role; a project member may not invite', () => {
    expect(invitableRoleKeys(permissionSubject(organizationAdmin, organization, project))).toEqual(['admin', 'member']);
    expect(invitableRoleKeys(permissionSubject(systemAdmin, organization, project))).toEqual(['admin', 'member']);
    expect(can(Actions.ProjectInvite, permissionSubject(projectMember, organization, project))).toBe(false);
    expect(invitableRoleKeys(permissionSubject(projectMember, organization, project))).toEqual([]);
  });
});
