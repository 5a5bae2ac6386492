import {
  ADMIN_ROLE_KEY,
  MEMBER_ROLE_KEY,
  PRESET_ORGANIZATION_ROLES,
  PRESET_PROJECT_ROLES,
  isAdminRoleKey,
  normalizeRoleDescription,
  pickDefaultOrganizationRole,
  pickDefaultProjectRole,
} from '../src/roles';

describe('preset roles', () => {
  it('organization presets: admin and member with the spec wording', () => {
    expect(PRESET_ORGANIZATION_ROLES).toEqual([
      { key: 'admin', name: '管理者', description: '組織を管理・設定できます' },
      { key: 'member', name: 'メンバー', description: '組織を閲覧できます' },
    ]);
  });

  it('project presets: admin and member with the spec wording', () => {
    expect(PRESET_PROJECT_ROLES).toEqual([
      { key: 'admin', name: '管理者', description: 'プロジェクトを管理・設定できます' },
      { key: 'member', name: 'メンバー', description: 'プロジェクトを閲覧・利用できます' },
    ]);
  });

  it('presets are frozen', () => {
    expect(Object.isFrozen(PRESET_ORGANIZATION_ROLES)).toBe(true);
    expect(Object.isFrozen(PRESET_PROJECT_ROLES[0])).toBe(true);
  });

  it('role key constants', () => {
    expect(ADMIN_ROLE_KEY).toBe('admin');
    expect(MEMBER_ROLE_KEY).toBe('member');
  });
});

describe('normalizeRoleDescription', () => {
  it.each([
    [undefined, ''],
    [null, ''],
    ['', ''],
    ['説明', '説明'],
  ])('%p → %p', (input, expected) => {
    expect(normalizeRoleDescription(input)).toBe(expected);
  });
});

describe('isAdminRoleKey', () => {
  it.each([
    ['admin', true],
    ['member', false],
    ['Admin', false],
    ['supervisor', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%p → %p', (key, expected) => {
    expect(isAdminRoleKey(key)).toBe(expected);
  });
});

describe('invite defaults', () => {
  const member = { id: 'r1', key: 'member' };
  const admin = { id: 'r2', key: 'admin' };
  const supervisor = { id: 'r3', key: 'supervisor' };

  it('organization: the admin role wherever it is', () => {
    expect(pickDefaultOrganizationRole([member, admin])).toBe(admin);
  });

  it('organization: the first role when there is no admin', () => {
    expect(pickDefaultOrganizationRole([member, supervisor])).toBe(member);
  });

  it('organization: undefined for no roles', () => {
    expect(pickDefaultOrganizationRole([])).toBeUndefined();
  });

  it('project: the supervisor role wherever it is', () => {
    expect(pickDefaultProjectRole([member, admin, supervisor])).toBe(supervisor);
  });

  it('project: the first role when there is no supervisor', () => {
    expect(pickDefaultProjectRole([admin, member])).toBe(admin);
  });

  it('project: undefined for no roles', () => {
    expect(pickDefaultProjectRole([])).toBeUndefined();
  });
});
