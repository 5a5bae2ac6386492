import { formatProjectRoles, MEMBER_CSV_COLUMNS, MEMBER_CSV_HEADERS, memberCsvColumnOf, parseProjectRoles } from '../src/member-csv';

describe('member CSV', () => {
  it('knows each column by its key and by its header in either language, trimmed and case-insensitively', () => {
    for (const column of MEMBER_CSV_COLUMNS) {
      expect(memberCsvColumnOf(column)).toBe(column);
      expect(memberCsvColumnOf(` ${MEMBER_CSV_HEADERS.ja[column]} `)).toBe(column);
      expect(memberCsvColumnOf(MEMBER_CSV_HEADERS.en[column].toUpperCase())).toBe(column);
    }
    expect(memberCsvColumnOf('address')).toBeUndefined();
  });

  it('reads project roles entries at their last colon, skipping empty ones', () => {
    expect(parseProjectRoles('Web:管理者; アプリ:member ;; 時刻 10:30:メンバー;名前だけ')).toEqual([
      { project: 'Web', role: '管理者' },
      { project: 'アプリ', role: 'member' },
      { project: '時刻 10:30', role: 'メンバー' },
      { project: '名前だけ', role: '' },
    ]);
    expect(parseProjectRoles('  ')).toEqual([]);
  });

  it('writes project roles as the import reads them', () => {
    const entries = [
      { project: 'Web', role: '管理者' },
      { project: '時刻 10:30', role: 'メンバー' },
    ];
    expect(formatProjectRoles(entries)).toBe('Web:管理者; 時刻 10:30:メンバー');
    expect(parseProjectRoles(formatProjectRoles(entries))).toEqual(entries);
    expect(formatProjectRoles([])).toBe('');
  });
});
