import { generateId } from '@console/domain';
import { parse } from 'csv-parse/sync';
import { DataSource } from 'typeorm';
import yauzl from 'yauzl';
import { driverPool } from '../src/database/driver-pool';
import { AccountRepository } from '../src/modules/account/account.repository';
import { AUDIT_CSV_COLUMNS } from '../src/modules/audit/audit-csv';
import {
  addOrganizationMember,
  addProjectMember,
  createCaller,
  createOrganization,
  createProject,
  createSystemAdmin,
  insertAccounts,
  insertMemberships,
  uniqueEmail,
  type Caller,
  type OrganizationFixture,
  type ProjectFixture,
} from './support/fixtures';
import { copyStatementWaits } from './support/copy-statements';
import { bearer, call, startApi, type TestApi } from './support/harness';
import { waitFor } from './support/wait';

const UTF8_BOM = [0xef, 0xbb, 0xbf];
/** Members and audit events of the large organization: more than a socket's buffer holds of their files. */
const MEMBERS = 1150;
const AUDIT_EVENTS = 1250;

interface Exported {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

interface Manifest {
  manifest: { exportedAt: string; exportedBy: { accountId: string; isSystemAdmin: boolean }; files: { name: string; rows: number }[] };
  organization: { id: string; name: string };
  roles: { key: string; name: string }[];
  settings: { domains: unknown[] };
  plans: { product: string; plans: { plan: string; projects: number }[] }[];
}

function exportRequest(api: TestApi, token: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<Response> {
  return fetch(`${api.baseUrl}/organization/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(token) },
    body: JSON.stringify(body),
    signal,
  });
}

async function exportOrganization(api: TestApi, token: string, body: Record<string, unknown>): Promise<Exported> {
  const response = await exportRequest(api, token, body);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The archive's files in their order, each read whole (yauzl checks every entry's CRC and sizes). */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** The rows of a CSV file of the archive, header first; the file starts with the UTF-8 BOM. */
function csvOf(files: Map<string, Buffer>, name: string): string[][] {
  const bytes = files.get(name);
  if (!bytes) throw new Error(`no ${name}`);
  expect([...bytes.subarray(0, 3)]).toEqual(UTF8_BOM);
  const rows: string[][] = parse(bytes.toString('utf8'), { bom: true });
  return rows;
}

function manifestOf(files: Map<string, Buffer>): Manifest {
  return JSON.parse(files.get('organization.json')?.toString('utf8') ?? '{}') as Manifest;
}

describe('organization export', () => {
  let api: TestApi;
  let db: DataSource;
  let admin: Caller;
  let member: Caller;
  let outsider: Caller;
  let systemAdmin: Caller;
  let organization: OrganizationFixture;
  let project: ProjectFixture;
  let invitee: string;

  /** An organization with more members and audit events than a socket's buffer holds of their files, and its admin. */
  async function largeOrganization(): Promise<OrganizationFixture> {
    const large = await createOrganization(api);
    await addOrganizationMember(api, admin.id, large, 'admin');
    await insertMemberships(api, await insertAccounts(api, MEMBERS), large);
    await db.query(
      `INSERT INTO audit_events (occurred_at, action, target_type, target_id, organization_id, changes)
       SELECT now() - g * interval '1 second', 'organization.update', 'organization', $1, $1, '{"name": {"before": "a", "after": "b"}}'::jsonb
         FROM generate_series(1, $2::int) g`,
      [large.organization.id, AUDIT_EVENTS],
    );
    return large;
  }

  beforeAll(async () => {
    api = await startApi();
    db = api.app.get(DataSource);
    [admin, member, outsider, systemAdmin, organization] = await Promise.all([
      createCaller(api),
      createCaller(api),
      createCaller(api),
      createSystemAdmin(api),
      createOrganization(api, '輸出テスト組織'),
    ]);
    project = await createProject(api, organization.organization.id, 'プロジェクトA', { knowledge: { plan: 'enterprise' } });
    await createProject(api, organization.organization.id, 'プロジェクトB');
    await addOrganizationMember(api, admin.id, organization, 'admin');
    await addOrganizationMember(api, member.id, organization);
    await addProjectMember(api, member.id, project, 'admin');
    await api.app.get(AccountRepository).update(member.id, { name: '=HYPERLINK("http://evil.example","x")' });
    invitee = uniqueEmail('invitee').toLowerCase();
    const invited = await call(
      api,
      '/organization/inviteMembers',
      {
        organizationId: organization.organization.id,
        emails: [invitee],
        props: { roleId: organization.memberRole.id, projects: [{ projectId: project.project.id, roleId: project.memberRole.id }] },
      },
      admin.token,
    );
    expect(invited.status).toBe(200);
  });

  afterAll(async () => {
    await api?.close();
  });

  it('answers one ZIP archive with the organization, its members, projects, invitations and audit log, checked row by row', async () => {
    const exported = await exportOrganization(api, admin.token, { organizationId: organization.organization.id });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('application/zip');
    expect(exported.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="organization-${organization.organization.id}-\\d{8}\\.zip"$`),
    );
    const files = await unzip(exported.bytes);
    expect([...files.keys()]).toEqual(['organization.json', 'members.csv', 'projects.csv', 'invitations.csv', 'audit-log.csv']);

    const members = csvOf(files, 'members.csv');
    expect(members[0]).toEqual(['メールアドレス', '名前', '組織ロール', 'プロジェクトロール', '参加日']);
    expect(members.slice(1).map((r) => r.slice(0, 4))).toEqual([
      [admin.user.email.toLowerCase(), admin.account.name ?? '', '管理者', ''],
      [member.user.email.toLowerCase(), '\'=HYPERLINK("http://evil.example","x")', 'メンバー', 'プロジェクトA:管理者'],
    ]);

    const projects = csvOf(files, 'projects.csv');
    expect(projects[0]).toEqual(['id', 'name', 'roles', 'plan:knowledge', 'createdAt', 'createdById', 'updatedAt', 'updatedById']);
    expect(projects.slice(1).map((r) => r.slice(0, 4))).toEqual([
      [project.project.id, 'プロジェクトA', '管理者; メンバー', 'enterprise'],
      [expect.any(String), 'プロジェクトB', '管理者; メンバー', 'none'],
    ]);

    const invitations = csvOf(files, 'invitations.csv');
    expect(invitations[0]).toEqual([
      'id',
      'email',
      'organizationRole',
      'projectRoles',
      'status',
      'createdAt',
      'createdById',
      'expiresAt',
      'acceptedAt',
      'acceptedById',
      'cancelledAt',
      'cancelledById',
    ]);
    expect(invitations.slice(1).map((r) => [r[1], r[2], r[3], r[4], r[6], r[8], r[10]])).toEqual([
      [invitee, 'メンバー', 'プロジェクトA:メンバー', 'pending', admin.id, '', ''],
    ]);

    const audit = csvOf(files, 'audit-log.csv');
    expect(audit[0]).toEqual([...AUDIT_CSV_COLUMNS]);
    // Newest first: the export itself, then the invitation.
    expect(audit.slice(1).map((r) => [r[2], r[4], r[9], r[10]])).toEqual([
      ['organization.export', admin.id, 'organization', organization.organization.id],
      ['invitation.create', admin.id, 'invitation', invitations[1]?.[0]],
    ]);

    const manifest = manifestOf(files);
    expect(manifest.organization).toMatchObject({ id: organization.organization.id, name: '輸出テスト組織' });
    expect(manifest.roles.map((r) => [r.key, r.name])).toEqual([
      ['admin', '管理者'],
      ['member', 'メンバー'],
    ]);
    expect(manifest.settings.domains).toEqual([]);
    expect(manifest.plans).toEqual([
      {
        product: 'knowledge',
        name: 'ナレッジ',
        plans: [
          { plan: 'none', name: 'なし', projects: 1 },
          { plan: 'enterprise', name: 'エンタープライズ', projects: 1 },
        ],
      },
    ]);
    expect(manifest.manifest.exportedBy).toMatchObject({ accountId: admin.id, isSystemAdmin: false });
    expect(Date.parse(manifest.manifest.exportedAt)).not.toBeNaN();
    expect(manifest.manifest.files).toEqual([
      { name: 'members.csv', rows: 2 },
      { name: 'projects.csv', rows: 2 },
      { name: 'invitations.csv', rows: 1 },
      { name: 'audit-log.csv', rows: 2 },
    ]);
    expect(exported.headers.get('x-export-rows')).toBe('7');
  });

  it('records an organization.export event of the caller, in the organization', async () => {
    const before = await db.query<{ n: string }[]>(`SELECT count(*) AS n FROM audit_events WHERE action = 'organization.export' AND organization_id = $1`, [
      organization.organization.id,
    ]);
    const exported = await exportOrganization(api, systemAdmin.token, { organizationId: organization.organization.id });
    expect(exported.status).toBe(200);
    const events = await db.query<{ actor_account_id: string; actor_is_system_admin: boolean; target_type: string; target_id: string }[]>(
      `SELECT actor_account_id, actor_is_system_admin, target_type, target_id FROM audit_events
        WHERE action = 'organization.export' AND organization_id = $1 ORDER BY occurred_at DESC`,
      [organization.organization.id],
    );
    expect(events).toHaveLength(Number(before[0]?.n) + 1);
    expect(events[0]).toEqual({
      actor_account_id: systemAdmin.id,
      actor_is_system_admin: true,
      target_type: 'organization',
      target_id: organization.organization.id,
    });
  });

  it('lets a system administrator who is no member export any organization', async () => {
    const exported = await exportOrganization(api, systemAdmin.token, { organizationId: organization.organization.id });
    expect(exported.status).toBe(200);
    const files = await unzip(exported.bytes);
    expect(manifestOf(files).manifest.exportedBy).toMatchObject({ accountId: systemAdmin.id, isSystemAdmin: true });
    expect(csvOf(files, 'members.csv')).toHaveLength(3);
  });

  it('is refused to members who are not admins and to outsiders (alike for an unknown organization), recording nothing', async () => {
    const [count] = await db.query<{ n: string }[]>(`SELECT count(*) AS n FROM audit_events WHERE action = 'organization.export'`);
    const refused = await exportOrganization(api, member.token, { organizationId: organization.organization.id });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.bytes.toString('utf8'))).toMatchObject({ errorCode: 'FORBIDDEN' });
    const outside = await exportOrganization(api, outsider.token, { organizationId: organization.organization.id });
    const unknown = await exportOrganization(api, outsider.token, { organizationId: generateId('organization') });
    expect([outside.status, unknown.status]).toEqual([403, 403]);
    expect(JSON.parse(outside.bytes.toString('utf8'))).toEqual(JSON.parse(unknown.bytes.toString('utf8')));
    const bad = await exportOrganization(api, admin.token, { organizationId: 'x' });
    expect(bad.status).toBe(400);
    const [after] = await db.query<{ n: string }[]>(`SELECT count(*) AS n FROM audit_events WHERE action = 'organization.export'`);
    expect(after?.n).toBe(count?.n);
  });

  it('writes large files once each, every row in its order', async () => {
    const large = await largeOrganization();
    const exported = await exportOrganization(api, admin.token, { organizationId: large.organization.id });
    expect(exported.status).toBe(200);
    const files = await unzip(exported.bytes);
    const members = csvOf(files, 'members.csv').slice(1);
    expect(members).toHaveLength(MEMBERS + 1);
    expect(new Set(members.map((r) => r[0])).size).toBe(members.length);
    const audit = csvOf(files, 'audit-log.csv').slice(1);
    expect(audit).toHaveLength(AUDIT_EVENTS + 1);
    expect(new Set(audit.map((r) => r[0])).size).toBe(audit.length);
    const times = audit.map((r) => Date.parse(r[1] ?? ''));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(manifestOf(files).manifest.files).toEqual([
      { name: 'members.csv', rows: members.length },
      { name: 'projects.csv', rows: 0 },
      { name: 'invitations.csv', rows: 0 },
      { name: 'audit-log.csv', rows: audit.length },
    ]);
    expect(exported.headers.get('x-export-rows')).toBe(String(members.length + audit.length));
  });

  it('stops reading when the client goes away, releasing its database connections, and keeps serving', async () => {
    const large = await createOrganization(api);
    await addOrganizationMember(api, admin.id, large, 'admin');
    // Enough events that the archive outgrows the sockets' buffers (random ids and request ids do not compress).
    const events = 100_000;
    await db.query(
      `INSERT INTO audit_events (occurred_at, action, target_type, target_id, organization_id, request_id)
       SELECT now() - g * interval '1 second', 'organization.update', 'organization', $1, $1, md5(random()::text)
         FROM generate_series(1, $2::int) g`,
      [large.organization.id, events],
    );
    const controller = new AbortController();
    const response = await exportRequest(api, admin.token, { organizationId: large.organization.id }, controller.signal);
    expect(response.status).toBe(200);
    if (!response.body) throw new Error('no body');
    const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
    const first = await reader.read();
    expect(first.value?.byteLength).toBeGreaterThan(0);
    // The server is held back by the client that reads no more (Postgres waits to write the events); then it goes away.
    expect(await copyStatementWaits(db, (waits) => waits.includes('ClientWrite'))).toEqual(['ClientWrite']);
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    // The statement ends with the connection that was reading it.
    expect(await copyStatementWaits(db, (waits) => waits.length === 0)).toEqual([]);
    // The pool has every connection back: no page is left half read. (Waited for: the instance's job
    // workers, e-mails and webhook deliveries, take pool connections for a moment too.)
    const pool = driverPool(db)!;
    await waitFor(() => Promise.resolve(pool.idleCount === pool.totalCount), 10_000);
    const again = await exportOrganization(api, admin.token, { organizationId: organization.organization.id });
    expect(again.status).toBe(200);
    expect(csvOf(await unzip(again.bytes), 'members.csv')).toHaveLength(3);
  });
});
