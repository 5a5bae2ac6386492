import { defaultProjectId, resolveLatestProjectId } from '@/features/projects/latest-project';

const account = {
  memberships: [
    { organizationId: 'org00001', roleId: 'role000001', projects: [] },
    {
      organizationId: 'org00002',
      roleId: 'role000002',
      projects: [
        { projectId: 'prj00002', roleId: 'r' },
        { projectId: 'prj00003', roleId: 'r' },
      ],
    },
  ],
};

describe('latest project resolution', () => {
  it('prefers the remembered project id', () => {
    expect(resolveLatestProjectId('prj00009', account)).toBe('prj00009');
  });

  it('falls back to the first project of the memberships', () => {
    expect(defaultProjectId(account)).toBe('prj00002');
    expect(resolveLatestProjectId(undefined, account)).toBe('prj00002');
    expect(resolveLatestProjectId('', account)).toBe('prj00002');
    expect(resolveLatestProjectId(null, account)).toBe('prj00002');
  });

  it('gives undefined (go to /projects) when there is neither', () => {
    expect(resolveLatestProjectId(undefined, { memberships: [] })).toBeUndefined();
    expect(resolveLatestProjectId(undefined, { memberships: [{ projects: [] }] })).toBeUndefined();
  });
});
