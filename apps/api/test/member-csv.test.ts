import { MEMBER_CSV_MAX_BYTES, MEMBER_CSV_MAX_ROWS, type ErrorCode } from '@console/domain';
import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import { DataSource } from 'typeorm';
import { AccountRepository } from '../src/modules/account/account.repository';
import {
  addOrganizationMember,
  addProjectMember,
  createCaller,
  createOrganization,
  createProject,
  insertAccounts,
  insertMemberships,
  uniqueEmail,
  upload,
  type Caller,
  type ErrorBodyShape,
  type InvitationBody,
  type InviteEntryBody,
  type OrganizationFixture,
  type ProjectFixture,
} from './support/fixtures';
import { tinyPngImage } from './support/authorization-table';
import { bearer, call, startApi, type TestApi } from './support/harness';

interface ImportRowBody {
  line: number;
  email: string;
  organizationRole: string;
  projectRoles: string;
  errorCode: ErrorCode | null;
  invitationId: string | null;
}

interface ImportBody {
  encoding: 'utf-8-bom' | 'utf-8' | 'shift_jis';
  rows: ImportRowBody[];
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

async function exportMembers(api: TestApi, token: string, body: Record<string, unknown>): Promise<{ status: number; type: string; bytes: Buffer }> {
  const response = await fetch(`${api.baseUrl}/organization/exportMembers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(token) },
    body: JSON.stringify(body),
  });
  return { status: response.status, type: response.headers.get('content-type') ?? '', bytes: Buffer.from(await response.arrayBuffer()) };
}

function csvRows(text: string): string[][] {
  const rows: string[][] = parse(text, { bom: true });
  return rows;
}

function sendCsv<T = ImportBody>(api: TestApi, path: 'preview' | 'import', token: string, organizationId: string, bytes: Buffer) {
  return upload<T>(
    api,
    path === 'preview' ? '/organization/previewMemberImport' : '/organization/importMembers',
    token,
    { data: bytes, type: 'text/csv', name: 'members.csv', field: 'file' },
    { organizationId },
  );
}

/** The rows' results by address (lower-cased as written). */
function resultsOf(body: ImportBody): Record<string, ErrorCode | null> {
  return Object.fromEntries(body.rows.map((r) => [r.email, r.errorCode]));
}

async function openInvitations(api: TestApi, organizationId: string, token: string): Promise<InvitationBody[]> {
  return (await call<InvitationBody[]>(api, '/invitation/listInOrganization', { organizationId }, token)).body;
}

describe('member CSV', () => {
  let api: TestApi;
  let admin: Caller;
  let member: Caller;
  let organization: OrganizationFixture;
  let projectA: ProjectFixture;
  let projectB: ProjectFixture;

  beforeAll(async () => {
    api = await startApi();
    [admin, member, organization] = await Promise.all([createCaller(api), createCaller(api), createOrganization(api)]);
    projectA = await createProject(api, organization.organization.id, 'プロジェクトA');
    projectB = await createProject(api, organization.organization.id, 'プロジェクトB');
    await addOrganizationMember(api, admin.id, organization, 'admin');
    await addOrganizationMember(api, member.id, organization);
    await addProjectMember(api, member.id, projectA, 'admin');
    await addProjectMember(api, member.id, projectB);
  });

  afterAll(async () => {
    await api.close();
  });

  describe('export', () => {
    it('writes UTF-8 with BOM by default, with Japanese headers, roles by name and project roles, and neutralises formulas', async () => {
      await api.app.get(AccountRepository).update(member.id, { name: '=HYPERLINK("http://evil.example","x")' });
      const exported = await exportMembers(api, admin.token, { organizationId: organization.organization.id });
      expect(exported.status).toBe(200);
      expect(exported.type).toBe('text/csv; charset=utf-8');
      expect([...exported.bytes.subarray(0, 3)]).toEqual([...UTF8_BOM]);
      const [header, ...rows] = csvRows(exported.bytes.toString('utf8'));
      expect(header).toEqual(['メールアドレス', '名前', '組織ロール', 'プロジェクトロール', '参加日']);
      const memberRow = rows.find((r) => r[0] === member.user.email.toLowerCase());
      expect(memberRow?.slice(1, 4)).toEqual(['\'=HYPERLINK("http://evil.example","x")', 'メンバー', 'プロジェクトA:管理者; プロジェクトB:メンバー']);
      expect(memberRow?.[4]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(rows.find((r) => r[0] === admin.user.email.toLowerCase())?.[2]).toBe('管理者');
    });

    it.each([
      ['+SUM(A1)', "'+SUM(A1)"],
      ['-1+2', "'-1+2"],
      ['@cmd', "'@cmd"],
      ['\tTAB', "'\tTAB"],
      ['\rCR', "'\rCR"],
      ['plain', 'plain'],
    ])('writes the name %j as %j', async (name, cell) => {
      await api.app.get(AccountRepository).update(member.id, { name });
      const exported = await exportMembers(api, admin.token, { organizationId: organization.organization.id });
      expect(csvRows(exported.bytes.toString('utf8')).find((r) => r[0] === member.user.email.toLowerCase())?.[1]).toBe(cell);
    });

    it('writes Shift_JIS when asked, English headers for locale en, and "?" for a character Shift_JIS lacks', async () => {
      await api.app.get(AccountRepository).update(member.id, { name: '髙橋①🍣' });
      const exported = await exportMembers(api, admin.token, { organizationId: organization.organization.id, encoding: 'shift_jis', locale: 'en' });
      expect(exported.status).toBe(200);
      expect(exported.type).toBe('text/csv; charset=Shift_JIS');
      const text = new TextDecoder('shift_jis', { fatal: true }).decode(exported.bytes);
      const [header, ...rows] = csvRows(text);
      expect(header).toEqual(['Email', 'Name', 'Organization role', 'Project roles', 'Joined']);
      expect(rows.find((r) => r[0] === member.user.email.toLowerCase())?.slice(1, 4)).toEqual([
        '髙橋①?',
        'メンバー',
        'プロジェクトA:管理者; プロジェクトB:メンバー',
      ]);
    });

    it('streams every member of a large organization once, the first to join first', async () => {
      const large = await createOrganization(api);
      await addOrganizationMember(api, admin.id, large, 'admin');
      const accounts = await insertAccounts(api, 1150);
      await insertMemberships(api, accounts, large);
      const exported = await exportMembers(api, admin.token, { organizationId: large.organization.id });
      const [, ...rows] = csvRows(exported.bytes.toString('utf8'));
      // The bulk-inserted members joined at the same time: their order among themselves is the keyset's (by account id).
      const emails = rows.map((r) => r[0]);
      expect(emails[0]).toBe(admin.user.email.toLowerCase());
      expect(emails.slice(1).sort()).toEqual(accounts.map((a) => a.email).sort());
    });

    it('is refused to members who are not organization admins, and validates its body', async () => {
      const refused = await exportMembers(api, member.token, { organizationId: organization.organization.id });
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.bytes.toString('utf8'))).toMatchObject({ errorCode: 'FORBIDDEN' });
      const bad = await exportMembers(api, admin.token, { organizationId: organization.organization.id, encoding: 'latin1' });
      expect(bad.status).toBe(400);
    });
  });

  describe('import', () => {
    let target: OrganizationFixture;
    let targetProject: ProjectFixture;
    let existing: Caller;
    let alreadyInvited: string;

    beforeAll(async () => {
      target = await createOrganization(api);
      targetProject = await createProject(api, target.organization.id, 'Webサイト');
      existing = await createCaller(api);
      await addOrganizationMember(api, admin.id, target, 'admin');
      await addOrganizationMember(api, existing.id, target);
      alreadyInvited = uniqueEmail('invited');
      const invited = await call<InviteEntryBody[]>(
        api,
        '/organization/inviteMembers',
        { organizationId: target.organization.id, emails: [alreadyInvited], props: { roleId: target.memberRole.id, projects: [] } },
        admin.token,
      );
      expect(invited.body[0]?.invitation).not.toBeNull();
    });

    it('previews a mixed UTF-8 file row by row, changing nothing, then imports the valid rows and a re-run invites nobody twice', async () => {
      const [fresh, byKey, withProject] = [uniqueEmail('fresh'), uniqueEmail('bykey'), uniqueEmail('project')];
      const lines = [
        'メールアドレス,組織ロール,プロジェクトロール',
        `${fresh},メンバー,`,
        `${byKey.toUpperCase()},admin,`,
        `${withProject},メンバー,Webサイト:管理者`,
        'not-an-address,メンバー,',
        `${uniqueEmail('role')},社長,`,
        `${uniqueEmail('project')},メンバー,よそのプロジェクト:管理者`,
        `${fresh},管理者,`,
        `${existing.user.email},メンバー,`,
        `${alreadyInvited},メンバー,`,
        `${admin.user.email},メンバー,`,
        '',
      ];
      const file = Buffer.from(lines.join('\r\n'));
      const before = await openInvitations(api, target.organization.id, admin.token);
      const preview = await sendCsv(api, 'preview', admin.token, target.organization.id, file);
      expect(preview.status).toBe(200);
      expect(preview.body.encoding).toBe('utf-8');
      const expected: (ErrorCode | null)[] = [
        null,
        null,
        null,
        'INVALID_EMAIL',
        'ROLE_NOT_FOUND',
        'PROJECT_NOT_IN_ORGANIZATION',
        'DUPLICATE_IN_FILE',
        'ALREADY_ORGANIZATION_MEMBER',
        'ALREADY_INVITED',
        'CANNOT_CHANGE_OWN_ROLE',
      ];
      expect(preview.body.rows.map((r) => r.errorCode)).toEqual(expected);
      expect(preview.body.rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect(preview.body.rows.every((r) => r.invitationId === null)).toBe(true);
      expect(await openInvitations(api, target.organization.id, admin.token)).toEqual(before);

      const imported = await sendCsv(api, 'import', admin.token, target.organization.id, file);
      expect(imported.status).toBe(200);
      expect(imported.body.rows.map((r) => r.errorCode)).toEqual(expected);
      expect(imported.body.rows.slice(0, 3).every((r) => typeof r.invitationId === 'string')).toBe(true);
      const after = await openInvitations(api, target.organization.id, admin.token);
      expect(after).toHaveLength(before.length + 3);
      const invitationOf = (email: string) => after.find((i) => i.email === email.toLowerCase());
      expect(invitationOf(fresh)?.membership).toMatchObject({ roleId: target.memberRole.id, projects: [] });
      expect(invitationOf(byKey)?.membership).toMatchObject({ roleId: target.adminRole.id, projects: [] });
      expect(invitationOf(withProject)?.membership).toMatchObject({
        roleId: target.memberRole.id,
        projects: [{ projectId: targetProject.project.id, roleId: targetProject.adminRole.id }],
      });
      const events = await api.app
        .get(DataSource)
        .query<{ target_id: string }[]>(`SELECT target_id FROM audit_events WHERE action = 'invitation.create' AND organization_id = $1`, [
          target.organization.id,
        ]);
      expect(events.map((e) => e.target_id)).toEqual(expect.arrayContaining(imported.body.rows.slice(0, 3).map((r) => r.invitationId)));

      const rerun = await sendCsv(api, 'import', admin.token, target.organization.id, file);
      expect(rerun.body.rows.slice(0, 3).map((r) => r.errorCode)).toEqual(['ALREADY_INVITED', 'ALREADY_INVITED', 'ALREADY_INVITED']);
      expect(await openInvitations(api, target.organization.id, admin.token)).toEqual(after);
    });

    it('reads a Shift_JIS file as Excel saves it, and a UTF-8 file with BOM, saying which', async () => {
      const [first, second] = [uniqueEmail('sjis'), uniqueEmail('bom')];
      const sjis = iconv.encode(`メールアドレス,組織ロール,プロジェクトロール\r\n${first},メンバー,Webサイト:メンバー\r\n`, 'Shift_JIS');
      const preview = await sendCsv(api, 'preview', admin.token, target.organization.id, sjis);
      expect(preview.body).toEqual({
        encoding: 'shift_jis',
        rows: [{ line: 2, email: first, organizationRole: 'メンバー', projectRoles: 'Webサイト:メンバー', errorCode: null, invitationId: null }],
      });
      const bom = Buffer.concat([UTF8_BOM, Buffer.from(`Email,Organization role\n${second},member\n`)]);
      const imported = await sendCsv(api, 'import', admin.token, target.organization.id, bom);
      expect(imported.body.encoding).toBe('utf-8-bom');
      expect(resultsOf(imported.body)).toEqual({ [second]: null });
    });

    it('re-imports an exported file: every row is a member already', async () => {
      const exported = await exportMembers(api, admin.token, { organizationId: organization.organization.id, encoding: 'shift_jis' });
      const preview = await sendCsv(api, 'preview', admin.token, organization.organization.id, exported.bytes);
      expect(preview.body.encoding).toBe('shift_jis');
      expect(new Set(preview.body.rows.map((r) => r.errorCode))).toEqual(new Set(['ALREADY_ORGANIZATION_MEMBER', 'CANNOT_CHANGE_OWN_ROLE']));
    });

    it('invites more rows with the same roles than one invitation call takes', async () => {
      const emails = Array.from({ length: 130 }, () => uniqueEmail('many'));
      const imported = await sendCsv(
        api,
        'import',
        admin.token,
        target.organization.id,
        Buffer.from(`email,organizationRole\n${emails.map((e) => `${e},member`).join('\n')}`),
      );
      expect(imported.body.rows.filter((r) => r.errorCode === null && r.invitationId !== null)).toHaveLength(130);
    });

    it.each<[string, () => Promise<Buffer> | Buffer, number, ErrorCode]>([
      ['an empty file', () => Buffer.alloc(0), 400, 'CSV_EMPTY'],
      ['a header without rows', () => Buffer.from('メールアドレス,組織ロール\r\n\r\n'), 400, 'CSV_EMPTY'],
      ['a wrong header', () => Buffer.from('address,role\r\na@example.com,member\r\n'), 400, 'CSV_HEADER_INVALID'],
      ['a header without the organization role', () => Buffer.from('メールアドレス,名前\r\na@example.com,A\r\n'), 400, 'CSV_HEADER_INVALID'],
      ['a binary file', tinyPngImage, 400, 'CSV_UNREADABLE'],
      ['a quote left open', () => Buffer.from('email,organizationRole\r\n"a@example.com,member\r\n'), 400, 'CSV_MALFORMED'],
      [
        `${MEMBER_CSV_MAX_ROWS + 1} rows`,
        () => Buffer.from(`email,organizationRole\n${Array.from({ length: MEMBER_CSV_MAX_ROWS + 1 }, (_, i) => `row${i}@example.com,member`).join('\n')}`),
        400,
        'CSV_TOO_MANY_ROWS',
      ],
      ['a file over the size limit', () => Buffer.from(`email,organizationRole\n${'x'.repeat(MEMBER_CSV_MAX_BYTES)}`), 413, 'CSV_TOO_LARGE'],
    ])('refuses %s with a clear error and changes nothing', async (_name, file, status, errorCode) => {
      const before = await openInvitations(api, target.organization.id, admin.token);
      for (const path of ['preview', 'import'] as const) {
        const answer = await sendCsv<ErrorBodyShape>(api, path, admin.token, target.organization.id, await file());
        expect({ status: answer.status, errorCode: answer.body.errorCode }).toEqual({ status, errorCode });
      }
      expect(await openInvitations(api, target.organization.id, admin.token)).toEqual(before);
    });

    it(`takes ${MEMBER_CSV_MAX_ROWS} rows`, async () => {
      const file = Buffer.from(`email,organizationRole\n${Array.from({ length: MEMBER_CSV_MAX_ROWS }, (_, i) => `row${i}@example.com,member`).join('\n')}\n`);
      const preview = await sendCsv(api, 'preview', admin.token, target.organization.id, file);
      expect(preview.status).toBe(200);
      expect(preview.body.rows).toHaveLength(MEMBER_CSV_MAX_ROWS);
      expect(preview.body.rows.every((r) => r.errorCode === null)).toBe(true);
    });

    it("reports the rows past the organization's daily invitations, and a re-run invites nobody twice", async () => {
      const limited = await startApi({ INVITATIONS_PER_ORGANIZATION_PER_DAY: '3' });
      try {
        const small = await createOrganization(limited);
        await addOrganizationMember(limited, admin.id, small, 'admin');
        const [members, admins] = [Array.from({ length: 3 }, () => uniqueEmail('limit')), Array.from({ length: 2 }, () => uniqueEmail('limit'))];
        const file = Buffer.from(`email,organizationRole\n${[...members.map((e) => `${e},member`), ...admins.map((e) => `${e},admin`)].join('\n')}\n`);
        const first = await sendCsv(limited, 'import', admin.token, small.organization.id, file);
        expect(first.body.rows.map((r) => r.errorCode)).toEqual([null, null, null, 'RATE_LIMITED', 'RATE_LIMITED']);
        const rerun = await sendCsv(limited, 'import', admin.token, small.organization.id, file);
        expect(rerun.body.rows.map((r) => r.errorCode)).toEqual(['ALREADY_INVITED', 'ALREADY_INVITED', 'ALREADY_INVITED', 'RATE_LIMITED', 'RATE_LIMITED']);
        expect((await openInvitations(limited, small.organization.id, admin.token)).map((i) => i.email).sort()).toEqual([...members].sort());
      } finally {
        await limited.close();
      }
    });

    it('is refused to members who are not organization admins', async () => {
      const file = Buffer.from(`email,organizationRole\n${uniqueEmail()},member\n`);
      for (const path of ['preview', 'import'] as const) {
        const answer = await sendCsv<ErrorBodyShape>(api, path, member.token, organization.organization.id, file);
        expect({ status: answer.status, errorCode: answer.body.errorCode }).toEqual({ status: 403, errorCode: 'FORBIDDEN' });
      }
    });
  });
});
