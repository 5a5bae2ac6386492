import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, AUDIT_TARGET_TYPES, isAuditAction, isAuditTargetType, type AuditAction } from '../src/audit';

describe('audit actions', () => {
  it('lists every action once, each with a non-empty label', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    expect(Object.keys(AUDIT_ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
    for (const action of AUDIT_ACTIONS) expect(AUDIT_ACTION_LABELS[action].length).toBeGreaterThan(0);
  });

  it.each<[AuditAction, string]>([
    ['account.create', 'アカウント作成'],
    ['project.update', 'プロジェクト更新'],
    ['membership.assignOrganizationRole', '組織ロール変更'],
    ['invitation.resend', '招待メール再送信'],
    ['karteMapping.upsertProject', 'プロジェクトのKARTE設定更新'],
    ['systemAdmin.revoke', 'システム管理者から削除'],
    ['session.logout', 'ログアウト'],
    ['email.requeue', 'メール再送信'],
  ])('%s is labelled %s', (action, label) => {
    expect(AUDIT_ACTION_LABELS[action]).toBe(label);
  });

  it('the labels cannot be changed at run time', () => {
    expect(Object.isFrozen(AUDIT_ACTION_LABELS)).toBe(true);
  });

  it('every action is named after one of the target types, but for the membership and mapping families', () => {
    const prefixes = new Set(AUDIT_ACTIONS.map((action) => action.split('.')[0]));
    expect([...prefixes].sort()).toEqual(
      [
        'account',
        'domain',
        'email',
        'invitation',
        'joinRequest',
        'karteMapping',
        'membership',
        'organization',
        'project',
        'serviceCredential',
        'session',
        'ssoConnection',
        'systemAdmin',
        'webhookDelivery',
        'webhookEndpoint',
      ].sort(),
    );
  });
});

describe('isAuditAction / isAuditTargetType', () => {
  it.each(AUDIT_ACTIONS)('%s is an audit action', (action) => {
    expect(isAuditAction(action)).toBe(true);
  });

  it.each(AUDIT_TARGET_TYPES)('%s is a target type', (type) => {
    expect(isAuditTargetType(type)).toBe(true);
  });

  it.each([undefined, null, 1, '', 'account', 'account.destroy', 'ACCOUNT.CREATE', {}])('%p is not an audit action', (value) => {
    expect(isAuditAction(value)).toBe(false);
  });

  it.each([undefined, null, 1, '', 'role', 'Account', 'account.create'])('%p is not a target type', (value) => {
    expect(isAuditTargetType(value)).toBe(false);
  });
});
