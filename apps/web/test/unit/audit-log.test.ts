import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@console/domain';
import { auditLogKeys } from '@/features/audit-log/keys';
import { auditActionLabel, auditChangeRows, auditTargetTypeLabel, formatAuditValue, formatOccurredAt, roleNamesOf } from '@/features/audit-log/audit-format';
import { AUDIT_CSV_FILENAME, filenameFromContentDisposition } from '@/features/audit-log/download';
import { saveBlob, type DownloadEnvironment } from '@/lib/download';
import { auditFilterBody, EMPTY_AUDIT_LOG_FILTERS, hasAuditFilters } from '@/features/audit-log/filters';
import { auditLog } from '@/locales/ja/audit-log';

describe('audit log labels', () => {
  it('has a distinct Japanese label for every action', () => {
    const labels = AUDIT_ACTIONS.map((action) => auditActionLabel(action));
    for (const [index, action] of AUDIT_ACTIONS.entries()) {
      expect([action, labels[index]]).toEqual([action, AUDIT_ACTION_LABELS[action]]);
      expect([action, /[ぁ-んァ-ヶ一-龠]/.test(labels[index] ?? '')]).toEqual([action, true]);
    }
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
    expect(auditActionLabel('membership.assignOrganizationRole')).toBe('組織ロール変更');
  });

  it('has a Japanese label for every kind of target and none besides', () => {
    expect(Object.keys(auditLog.targetTypes).sort()).toEqual([...AUDIT_TARGET_TYPES].sort());
    for (const type of AUDIT_TARGET_TYPES)
      expect([type, auditTargetTypeLabel(type).trim() !== '' && auditTargetTypeLabel(type) !== type]).toEqual([type, true]);
    expect(auditTargetTypeLabel('membership')).toBe('メンバーシップ');
  });

  it('shows an action or a kind of target this build does not know as it is', () => {
    expect(auditActionLabel('future.action')).toBe('future.action');
    expect(auditTargetTypeLabel('future')).toBe('future');
  });
});

describe('audit log formatting', () => {
  it('formats the time in Japanese (year/month/day, 24-hour clock)', () => {
    expect(formatOccurredAt('2026-01-02T03:04:05.000Z', 'Asia/Tokyo')).toBe('2026/01/02 12:04:05');
    expect(formatOccurredAt('2026-11-22T15:30:00.000Z', 'UTC')).toBe('2026/11/22 15:30:00');
    expect(formatOccurredAt('not a date')).toBe('not a date');
  });

  it('writes recorded values as text: （なし） for none, strings as they are, objects as indented JSON', () => {
    expect(formatAuditValue(null)).toBe('（なし）');
    expect(formatAuditValue(undefined)).toBe('（なし）');
    expect(formatAuditValue('メンバー')).toBe('メンバー');
    expect(formatAuditValue(42)).toBe('42');
    expect(formatAuditValue(false)).toBe('false');
    expect(formatAuditValue({ id: 'r1', name: '管理者' })).toBe('{\n  "id": "r1",\n  "name": "管理者"\n}');
    expect(formatAuditValue(['a', 'b'])).toBe('[\n  "a",\n  "b"\n]');
  });

  it('lists each changed field with its value before and after, in the recorded order', () => {
    expect(
      auditChangeRows({
        roleName: { before: 'メンバー', after: '管理者' },
        profileImageSrc: { before: null, after: 'https://example.com/a.png' },
        productSettings: { before: { knowledge: { plan: 'none' } }, after: { knowledge: { plan: 'enterprise' } } },
      }),
    ).toEqual([
      { field: 'roleName', before: 'メンバー', after: '管理者' },
      { field: 'profileImageSrc', before: '（なし）', after: 'https://example.com/a.png' },
      { field: 'productSettings', before: '{\n  "knowledge": {\n    "plan": "none"\n  }\n}', after: '{\n  "knowledge": {\n    "plan": "enterprise"\n  }\n}' },
    ]);
    expect(auditChangeRows({})).toEqual([]);
  });

  it("shows a recorded role id with the role's name when the role is known", () => {
    const roleNames = roleNamesOf([
      {
        roles: [
          { id: 'orgAdmin01', name: '管理者' },
          { id: 'orgMember1', name: 'メンバー' },
        ],
      },
      { roles: [{ id: 'prjAdmin01', name: 'プロジェクト管理者' }] },
    ]);
    expect(auditChangeRows({ roleId: { before: 'orgMember1', after: 'orgAdmin01' } }, roleNames)).toEqual([
      { field: 'roleId', before: 'メンバー (orgMember1)', after: '管理者 (orgAdmin01)' },
    ]);
    expect(auditChangeRows({ roleId: { before: null, after: 'unknown123' } }, roleNames)).toEqual([
      { field: 'roleId', before: '（なし）', after: 'unknown123' },
    ]);
    // Only a roleId field names a role: the same id in another field stays as it is.
    expect(auditChangeRows({ createdById: { before: null, after: 'orgAdmin01' } }, roleNames)).toEqual([
      { field: 'createdById', before: '（なし）', after: 'orgAdmin01' },
    ]);
  });
});

describe('audit log filters', () => {
  it('leaves unset filters out of the call', () => {
    expect(auditFilterBody(EMPTY_AUDIT_LOG_FILTERS)).toEqual({});
    expect(hasAuditFilters(EMPTY_AUDIT_LOG_FILTERS)).toBe(false);
  });

  it('sends the chosen action, kind of target, actor and organization', () => {
    const filters = {
      ...EMPTY_AUDIT_LOG_FILTERS,
      action: 'project.update',
      targetType: 'project',
      actorAccountId: 'acc-1',
      organizationId: 'org12345',
    } as const;
    expect(auditFilterBody(filters)).toEqual({ action: 'project.update', targetType: 'project', actorAccountId: 'acc-1', organizationId: 'org12345' });
    expect(hasAuditFilters(filters)).toBe(true);
  });

  it('turns a range of days into the start of the first day and the start of the day after the last (exclusive), in the local time zone', () => {
    const body = auditFilterBody({ ...EMPTY_AUDIT_LOG_FILTERS, from: '2026-01-02', to: '2026-01-31' });
    expect(body).toEqual({ from: new Date(2026, 0, 2).toISOString(), to: new Date(2026, 1, 1).toISOString() });
    expect(auditFilterBody({ ...EMPTY_AUDIT_LOG_FILTERS, to: '2026-02-28' })).toEqual({ to: new Date(2026, 2, 1).toISOString() });
  });

  it('reads a range entered backwards in order, and ignores a value that is not a date', () => {
    expect(auditFilterBody({ ...EMPTY_AUDIT_LOG_FILTERS, from: '2026-03-10', to: '2026-03-01' })).toEqual({
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 2, 11).toISOString(),
    });
    expect(auditFilterBody({ ...EMPTY_AUDIT_LOG_FILTERS, from: '2026/03/10' })).toEqual({});
  });

  it('keys each scope and set of filters apart', () => {
    const organization = auditLogKeys.list({ kind: 'organization', organizationId: 'org1' }, {});
    expect(organization).toEqual(['auditLog', 'organization', 'org1', {}]);
    expect(auditLogKeys.list({ kind: 'all' }, { action: 'session.login' })).toEqual(['auditLog', 'all', { action: 'session.login' }]);
    expect(auditLogKeys.list({ kind: 'organization', organizationId: 'org2' }, {})).not.toEqual(organization);
  });
});

describe('CSV download', () => {
  it('takes the file name from Content-Disposition, else audit-events.csv', () => {
    expect(filenameFromContentDisposition('attachment; filename="audit-events.csv"')).toBe('audit-events.csv');
    expect(filenameFromContentDisposition('attachment; filename=report.csv')).toBe('report.csv');
    expect(filenameFromContentDisposition('attachment; filename="fallback.csv"; filename*=UTF-8\'\'%E7%9B%A3%E6%9F%BB%E3%83%AD%E3%82%B0.csv')).toBe(
      '監査ログ.csv',
    );
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromContentDisposition("attachment; filename*=UTF-8''%E0%A4%A")).toBe(AUDIT_CSV_FILENAME);
    expect(filenameFromContentDisposition('attachment')).toBe('audit-events.csv');
    expect(filenameFromContentDisposition(null)).toBe('audit-events.csv');
  });

  it('hands the blob to the browser as a named download and releases its URL afterwards', () => {
    jest.useFakeTimers();
    try {
      const link = { href: '', download: '', style: { display: '' }, click: jest.fn(), remove: jest.fn() };
      const appended: unknown[] = [];
      const url = { createObjectURL: jest.fn(() => 'blob:console/1'), revokeObjectURL: jest.fn() };
      const environment = {
        document: { createElement: jest.fn(() => link), body: { appendChild: (node: unknown) => appended.push(node) } },
        url,
      } as unknown as DownloadEnvironment;
      const blob = new Blob(['id,occurredAt\n'], { type: 'text/csv' });

      saveBlob(blob, 'audit-events.csv', environment);

      expect(url.createObjectURL).toHaveBeenCalledWith(blob);
      expect(appended).toEqual([link]);
      expect(link).toMatchObject({ href: 'blob:console/1', download: 'audit-events.csv' });
      expect(link.click).toHaveBeenCalledTimes(1);
      expect(link.remove).toHaveBeenCalledTimes(1);
      expect(url.revokeObjectURL).not.toHaveBeenCalled();
      jest.runAllTimers();
      expect(url.revokeObjectURL).toHaveBeenCalledWith('blob:console/1');
    } finally {
      jest.useRealTimers();
    }
  });
});
