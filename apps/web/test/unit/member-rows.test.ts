import { organizationMemberRows, projectMemberRows } from '@/components/member-table/member-rows';

const now = new Date('2026-03-10T00:00:00Z');
const member = {
  id: 'acc0000001',
  name: 'Hanako',
  email: 'hanako@example.com',
  memberships: [{ organizationId: 'org00001', roleId: 'orole00002', projects: [{ projectId: 'prj00001', roleId: 'prole00001' }] }],
};
const outsider = {
  ...member,
  id: 'acc0000002',
  email: 'taro@example.com',
  name: null,
  memberships: [{ organizationId: 'org00001', roleId: 'orole00001', projects: [] }],
};

function invitation(
  id: string,
  overrides: Partial<{ createdAt: string; acceptedAt: string | null; cancelledAt: string | null; projects: { projectId: string; roleId: string }[] }> = {},
) {
  return {
    id,
    email: `${id}@example.com`,
    createdAt: overrides.createdAt ?? '2026-03-09T00:00:00Z',
    expiredIn: 7 * 24 * 60 * 60,
    acceptedAt: overrides.acceptedAt ?? null,
    cancelledAt: overrides.cancelledAt ?? null,
    emailDeliveryFailed: false,
    membership: { organizationId: 'org00001', roleId: 'orole00002', projects: overrides.projects ?? [{ projectId: 'prj00001', roleId: 'prole00002' }] },
  };
}

describe('member table rows', () => {
  it('lists the organization members with their organization role, then its open invitations (pending and expired)', () => {
    const rows = organizationMemberRows(
      'org00001',
      [member, outsider],
      [
        invitation('pending'),
        invitation('expired', { createdAt: '2026-02-01T00:00:00Z' }),
        invitation('accepted', { acceptedAt: '2026-03-09T01:00:00Z' }),
        invitation('cancelled', { cancelledAt: '2026-03-09T01:00:00Z' }),
      ],
      now,
    );
    expect(rows.map((row) => (row.kind === 'member' ? [row.account.id, row.roleId] : [row.invitation.id, row.roleId]))).toEqual([
      ['acc0000001', 'orole00002'],
      ['acc0000002', 'orole00001'],
      ['pending', 'orole00002'],
      ['expired', 'orole00002'],
    ]);
  });

  it('lists the project members with their project role, then the open invitations naming the project with the role they give there', () => {
    const rows = projectMemberRows(
      'prj00001',
      [member],
      [invitation('named'), invitation('elsewhere', { projects: [{ projectId: 'prj00002', roleId: 'prole00002' }] })],
      now,
    );
    expect(rows.map((row) => (row.kind === 'member' ? [row.account.id, row.roleId] : [row.invitation.id, row.roleId]))).toEqual([
      ['acc0000001', 'prole00001'],
      ['named', 'prole00002'],
    ]);
  });
});
