import fc from 'fast-check';
import { DomainError } from '../src/errors';
import {
  accessRoleKeys,
  addMembership,
  addMissingProjects,
  assertOrganizationKeepsAdmin,
  assignOrganizationRole,
  assignProjectRole,
  findMembership,
  findProjectAssignment,
  type Membership,
  type ProjectAssignment,
} from '../src/memberships';

const p = (projectId: string, roleId: string): ProjectAssignment => ({ projectId, roleId });

function base(): Membership[] {
  return [
    { organizationId: 'org1', roleId: 'orgAdmin', projects: [p('prjA', 'prjAdmin'), p('prjB', 'prjMember')] },
    { organizationId: 'org2', roleId: 'orgMember', projects: [] },
  ];
}

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof DomainError ? e.errorCode : 'not a DomainError';
  }
  return undefined;
}

describe('addMissingProjects', () => {
  it('keeps existing assignments and adds only missing projects', () => {
    expect(addMissingProjects([p('a', '1'), p('b', '1')], [p('b', '2'), p('c', '3'), p('c', '4')])).toEqual([p('a', '1'), p('b', '1'), p('c', '3')]);
  });
});

describe('find helpers', () => {
  it('findMembership', () => {
    expect(findMembership(base(), 'org2')?.roleId).toBe('orgMember');
    expect(findMembership(base(), 'org9')).toBeUndefined();
  });

  it('findProjectAssignment returns the role and the owning organization', () => {
    expect(findProjectAssignment(base(), 'prjB')).toEqual({ organizationId: 'org1', projectId: 'prjB', roleId: 'prjMember' });
    expect(findProjectAssignment(base(), 'prjZ')).toBeUndefined();
  });
});

describe('addMembership', () => {
  it('appends a membership for a new organization (deduplicating its projects)', () => {
    const incoming: Membership = { organizationId: 'org3', roleId: 'r', projects: [p('x', '1'), p('x', '2')] };
    const result = addMembership(base(), incoming);
    expect(result).toHaveLength(3);
    expect(result[2]).toEqual({ organizationId: 'org3', roleId: 'r', projects: [p('x', '1')] });
  });

  it('keeps the existing organization role and projects and adds only missing projects', () => {
    const incoming: Membership = { organizationId: 'org1', roleId: 'orgMember', projects: [p('prjA', 'prjMember'), p('prjC', 'prjMember')] };
    const result = addMembership(base(), incoming);
    expect(result).toEqual([
      { organizationId: 'org1', roleId: 'orgAdmin', projects: [p('prjA', 'prjAdmin'), p('prjB', 'prjMember'), p('prjC', 'prjMember')] },
      { organizationId: 'org2', roleId: 'orgMember', projects: [] },
    ]);
  });

  it('does not mutate the input', () => {
    const input = base();
    const snapshot = JSON.parse(JSON.stringify(input)) as unknown;
    addMembership(input, { organizationId: 'org1', roleId: 'x', projects: [p('new', 'r')] });
    addMembership(input, { organizationId: 'orgN', roleId: 'x', projects: [] });
    expect(input).toEqual(snapshot);
  });
});

describe('assignOrganizationRole', () => {
  it('changes the role of that organization only', () => {
    const result = assignOrganizationRole(base(), 'org2', 'orgAdmin');
    expect(result[1]?.roleId).toBe('orgAdmin');
    expect(result[0]).toEqual(base()[0]);
  });

  it('throws NOT_ORGANIZATION_MEMBER for a foreign organization', () => {
    expect(codeOf(() => assignOrganizationRole(base(), 'org9', 'r'))).toBe('NOT_ORGANIZATION_MEMBER');
  });
});

describe('assignProjectRole', () => {
  it('changes an existing project role', () => {
    const result = assignProjectRole(base(), 'org1', p('prjB', 'prjAdmin'));
    expect(result[0]?.projects).toEqual([p('prjA', 'prjAdmin'), p('prjB', 'prjAdmin')]);
    expect(result[1]).toEqual(base()[1]);
  });

  it('adds a project the account had no role in yet', () => {
    const result = assignProjectRole(base(), 'org2', p('prjZ', 'prjMember'));
    expect(result[1]?.projects).toEqual([p('prjZ', 'prjMember')]);
  });

  it('throws NOT_ORGANIZATION_MEMBER when the account does not belong to the organization (docs/product-rules.md#memberships)', () => {
    expect(codeOf(() => assignProjectRole(base(), 'org9', p('prjZ', 'r')))).toBe('NOT_ORGANIZATION_MEMBER');
    expect(() => assignProjectRole([], 'org1', p('prjA', 'r'))).toThrow('The account does not belong to the organization');
  });
});

// ---- property tests -------------------------------------------------------------------------

const idArb = fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5', 'p6');
const roleArb = fc.constantFrom('r1', 'r2', 'r3');
const assignmentArb = fc.record({ projectId: idArb, roleId: roleArb });
const assignmentsArb = fc.array(assignmentArb, { maxLength: 8 });
/** Assignments with unique projectIds, as stored data should be. */
const uniqueAssignmentsArb = fc.uniqueArray(assignmentArb, { selector: (a) => a.projectId, maxLength: 6 });
const orgArb = fc.constantFrom('o1', 'o2', 'o3');
const membershipArb = fc.record({ organizationId: orgArb, roleId: roleArb, projects: uniqueAssignmentsArb });
const membershipsArb = fc.uniqueArray(membershipArb, { selector: (m) => m.organizationId, maxLength: 3 });
const incomingArb = fc.record({ organizationId: orgArb, roleId: roleArb, projects: assignmentsArb });

function unique(ids: string[]): boolean {
  return new Set(ids).size === ids.length;
}

describe('assertOrganizationKeepsAdmin', () => {
  const demote = (accountId: string) => ({ accountId, roleKey: 'member' });
  const remove = (accountId: string) => ({ accountId, roleKey: null });

  it('refuses removing or demoting the only admin with LAST_ADMIN', () => {
    expect(codeOf(() => assertOrganizationKeepsAdmin(['adm1'], remove('adm1')))).toBe('LAST_ADMIN');
    expect(codeOf(() => assertOrganizationKeepsAdmin(['adm1'], demote('adm1')))).toBe('LAST_ADMIN');
    expect(codeOf(() => assertOrganizationKeepsAdmin(['adm1'], { accountId: 'adm1', roleKey: 'Admin' }))).toBe('LAST_ADMIN');
  });

  it('lets an admin go while another one remains', () => {
    expect(codeOf(() => assertOrganizationKeepsAdmin(['adm1', 'adm2'], remove('adm1')))).toBeUndefined();
    expect(codeOf(() => assertOrganizationKeepsAdmin(['adm1', 'adm2'], demote('adm2')))).toBeUndefined();
  });

  it('lets the admin keep the admin role, and non-admins change freely (even without any admin)', () => {
    expect(codeOf(() => assertOrganizationKeepsAdmin(['adm1'], { accountId: 'adm1', roleKey: 'admin' }))).toBeUndefined();
    expect(codeOf(() => assertOrganizationKeepsAdmin(['adm1'], remove('mem1')))).toBeUndefined();
    expect(codeOf(() => assertOrganizationKeepsAdmin([], demote('mem1')))).toBeUndefined();
    expect(codeOf(() => assertOrganizationKeepsAdmin([], remove('mem1')))).toBeUndefined();
  });

  it('counts an admin listed twice once', () => {
    expect(codeOf(() => assertOrganizationKeepsAdmin(['adm1', 'adm1'], remove('adm1')))).toBe('LAST_ADMIN');
  });

  it('an organization that had an admin always keeps one', () => {
    const idArb = fc.constantFrom('a1', 'a2', 'a3', 'm1');
    fc.assert(
      fc.property(
        fc.uniqueArray(idArb, { minLength: 1 }),
        idArb,
        fc.option(fc.constantFrom('admin', 'member', 'custom'), { nil: null }),
        (admins, accountId, roleKey) => {
          let allowed = true;
          try {
            assertOrganizationKeepsAdmin(admins, { accountId, roleKey });
          } catch {
            allowed = false;
          }
          const after = roleKey === 'admin' ? [...new Set([...admins, accountId])] : admins.filter((id) => id !== accountId);
          expect(allowed).toBe(after.length > 0);
        },
      ),
    );
  });
});

describe('membership properties', () => {
  it('addMissingProjects: unique ids, existing roles never change', () => {
    fc.assert(
      fc.property(uniqueAssignmentsArb, assignmentsArb, (existing, incoming) => {
        const result = addMissingProjects(existing, incoming);
        expect(unique(result.map((a) => a.projectId))).toBe(true);
        expect(result.slice(0, existing.length)).toEqual(existing);
      }),
    );
  });

  it('addMembership never loses an existing project or changes its role', () => {
    fc.assert(
      fc.property(membershipsArb, incomingArb, (memberships, incoming) => {
        const result = addMembership(memberships, incoming);
        for (const m of memberships) {
          const after = findMembership(result, m.organizationId);
          expect(after?.roleId).toBe(m.roleId);
          for (const proj of m.projects) {
            expect(after?.projects.find((x) => x.projectId === proj.projectId)?.roleId).toBe(proj.roleId);
          }
        }
      }),
    );
  });

  it('addMembership: every membership has unique projectIds and every incoming project is present', () => {
    fc.assert(
      fc.property(membershipsArb, incomingArb, (memberships, incoming) => {
        const result = addMembership(memberships, incoming);
        for (const m of result) expect(unique(m.projects.map((x) => x.projectId))).toBe(true);
        expect(unique(result.map((m) => m.organizationId))).toBe(true);
        const target = findMembership(result, incoming.organizationId);
        for (const proj of incoming.projects) {
          expect(target?.projects.some((x) => x.projectId === proj.projectId)).toBe(true);
        }
      }),
    );
  });

  it('addMembership is idempotent', () => {
    fc.assert(
      fc.property(membershipsArb, incomingArb, (memberships, incoming) => {
        const once = addMembership(memberships, incoming);
        expect(addMembership(once, incoming)).toEqual(once);
      }),
    );
  });

  it('assignProjectRole then findProjectAssignment returns the assigned role', () => {
    fc.assert(
      fc.property(membershipsArb, assignmentArb, (memberships, assignment) => {
        fc.pre(memberships.length > 0);
        const orgId = memberships[0]?.organizationId ?? '';
        // A project belongs to one organization: drop it from the others first.
        const clean = memberships.map((m, i) => (i === 0 ? m : { ...m, projects: m.projects.filter((x) => x.projectId !== assignment.projectId) }));
        const result = assignProjectRole(clean, orgId, assignment);
        expect(findProjectAssignment(result, assignment.projectId)).toEqual({ organizationId: orgId, ...assignment });
        for (const m of result) expect(unique(m.projects.map((x) => x.projectId))).toBe(true);
      }),
    );
  });
});

describe('accessRoleKeys', () => {
  const orgRoles = [
    { id: 'or-admin', key: 'admin' },
    { id: 'or-member', key: 'member' },
  ];
  const projectRoles = [
    { id: 'pr-admin', key: 'admin' },
    { id: 'pr-member', key: 'member' },
  ];
  const memberships = [{ organizationId: 'o1', roleId: 'or-member', projects: [{ projectId: 'p1', roleId: 'pr-admin' }] }];

  it('gives the keys of the organization role and of the project role', () => {
    expect(accessRoleKeys(memberships, { organization: orgRoles, project: projectRoles }, { organizationId: 'o1', projectId: 'p1' })).toEqual({
      organizationRoleKey: 'member',
      projectRoleKey: 'admin',
    });
  });

  it('gives no project key for a project the member is not assigned to, or without a project', () => {
    expect(accessRoleKeys(memberships, { organization: orgRoles, project: projectRoles }, { organizationId: 'o1', projectId: 'p2' })).toEqual({
      organizationRoleKey: 'member',
      projectRoleKey: null,
    });
    expect(accessRoleKeys(memberships, { organization: orgRoles }, { organizationId: 'o1' })).toEqual({ organizationRoleKey: 'member', projectRoleKey: null });
  });

  it('gives nothing outside the organization, and nothing for a role id it does not know', () => {
    expect(accessRoleKeys(memberships, { organization: orgRoles, project: projectRoles }, { organizationId: 'o2', projectId: 'p1' })).toEqual({
      organizationRoleKey: null,
      projectRoleKey: null,
    });
    expect(accessRoleKeys(memberships, { organization: [], project: [] }, { organizationId: 'o1', projectId: 'p1' })).toEqual({
      organizationRoleKey: null,
      projectRoleKey: null,
    });
  });
});
