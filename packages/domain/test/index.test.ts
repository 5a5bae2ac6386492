import { ADMIN_ROLE_KEY, Actions, DomainError, addMembership, buildInvitationUrl, decide, localizeErrorMessage, validateName } from '../src';

/** The package entry as the API and the web use it: the rules work together through it. */
describe('the package entry', () => {
  it('lets an organization admin invite and the invitee join with the invited roles', () => {
    const operator = { id: 'admin00001', email: 'admin@example.jp', isSystemAdmin: false };
    expect(decide(Actions.OrganizationInvite, { operator, organizationRoleKey: ADMIN_ROLE_KEY })).toEqual({ allowed: true });
    expect(buildInvitationUrl('https://console.example.jp/', 'inv1')).toBe('https://console.example.jp/auth/invitations/inv1?page=sign-up');
    const joined = addMembership([], { organizationId: 'org00001', roleId: 'role000001', projects: [{ projectId: 'prj00001', roleId: 'role000002' }] });
    expect(joined).toEqual([{ organizationId: 'org00001', roleId: 'role000001', projects: [{ projectId: 'prj00001', roleId: 'role000002' }] }]);
  });

  it('answers a refused rule with an error body in either language', () => {
    let caught: unknown;
    try {
      validateName('   ');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(DomainError);
    const body = (caught as DomainError).toBody();
    expect(body.errorCode).toBe('NAME_REQUIRED');
    expect(localizeErrorMessage(body.errorCode, body.message, 'en')).not.toBe(body.message);
  });
});
