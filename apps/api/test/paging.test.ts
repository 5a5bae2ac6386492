import { INVITATION_LIFETIME_SECONDS, PRODUCT_ERROR_NAME, ROOT_ACCOUNT_ID } from '@console/domain';
import { DataSource } from 'typeorm';
import {
  addOrganizationMember,
  addProjectMember,
  createCaller,
  createOrganization,
  createProject,
  createSystemAdmin,
  type Caller,
  type ErrorBodyShape,
  type OrganizationFixture,
  type ProjectFixture,
} from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';

/** Rows each listing holds here: more than the 1,000 a call without limit answers. */
const BULK = 1100;
const CAP = 1000;
const DOMAIN = 'paging.example';
const ORGANIZATION_IMAGE = 'https://images.paging.example/organization.png';

interface Item {
  id: string;
}

/** The characters no key value holds: control characters, lone surrogates and noncharacters. */
const FOREIGN_CHARACTERS = ['\u0000', '\u0001', '\u007f', '\ud800', '\udc00', '\ufffe', '\uffff'];
/** Times of a key's shape that are no instant Postgres holds: year 0, 30 February, 24:00, month 13. */
const IMPOSSIBLE_TIMES = ['0000-01-01T00:00:00.000000Z', '2026-02-30T00:00:00.000000Z', '2026-01-01T24:00:00.000000Z', '2026-13-01T00:00:00.000000Z'];
const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Cursors made from a real one: each value replaced by an impossible time (when it is a time) or
 * followed by a foreign character, and other spellings of the same key.
 */
function tamperedCursors(cursor: string): { what: string; cursor: string }[] {
  const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as string[];
  const tampered = key.flatMap((value, i) =>
    (/^\d{4}-\d{2}-\d{2}T/.test(value) ? IMPOSSIBLE_TIMES : FOREIGN_CHARACTERS.map((c) => `${value}${c}`)).map((bad) => ({
      what: `value ${i} = ${JSON.stringify(bad)}`,
      cursor: encode(key.with(i, bad)),
    })),
  );
  return [
    ...tampered,
    { what: 'base64url padded', cursor: `${cursor}=` },
    { what: 'JSON spaced out', cursor: Buffer.from(JSON.stringify(key, null, 1)).toString('base64url') },
  ];
}

interface PageBody {
  items: Item[];
  nextCursor: string | null;
}

/**
 * A listing under test: its call and body, who may call it and who may not, and the statement of
 * the ids it should answer, in order (`$1`: the query or null; `$2`: the scope's id, if any), written
 * with strpos on lower-cased text so that it does not share the listing's LIKE escaping.
 */
interface Listing {
  path: string;
  body: () => Record<string, unknown>;
  reader: () => Caller;
  /** Who is refused (403); for the project chooser nobody is (an outsider's list is empty). */
  stranger?: () => Caller;
  expected: { sql: string; scope?: () => string };
}

/** Whether the text column contains the query, case-insensitively (without LIKE). */
const contains = (column: string): string => `strpos(lower(coalesce(${column}, '')), lower($1)) > 0`;
const matchesAccount = `($1::text IS NULL OR ${contains('a.name')} OR ${contains('a.email')})`;
const matchesInvitation = `($1::text IS NULL OR ${contains('i.email')})`;

describe('paged listings: limit, cursor and query (issue 16)', () => {
  let api: TestApi;
  let db: DataSource;
  let systemAdmin: Caller;
  let admin: Caller;
  /** A member of most of the bulk organizations (more than a call without limit answers). */
  let member: Caller;
  let outsider: Caller;
  let organization: OrganizationFixture;
  let project: ProjectFixture;

  const listings: Record<string, Listing> = {
    '/systemAdmin/account/list': {
      path: '/systemAdmin/account/list',
      body: () => ({}),
      reader: () => systemAdmin,
      stranger: () => admin,
      expected: { sql: `SELECT a.id FROM accounts a WHERE a.deleted_at IS NULL AND ${matchesAccount} ORDER BY a.created_at, a.id` },
    },
    '/system-admin/organization/listAll': {
      path: '/system-admin/organization/listAll',
      body: () => ({}),
      reader: () => systemAdmin,
      stranger: () => admin,
      expected: { sql: `SELECT o.id FROM organizations o WHERE o.deleted_at IS NULL AND ($1::text IS NULL OR ${contains('o.name')}) ORDER BY o.name, o.id` },
    },
    '/organization/listOfAccount': {
      path: '/organization/listOfAccount',
      body: () => ({}),
      reader: () => systemAdmin,
      expected: { sql: `SELECT o.id FROM organizations o WHERE o.deleted_at IS NULL AND ($1::text IS NULL OR ${contains('o.name')}) ORDER BY o.name, o.id` },
    },
    '/organization/listOfAccount (a member of many)': {
      path: '/organization/listOfAccount',
      body: () => ({}),
      reader: () => member,
      expected: {
        sql: `SELECT o.id FROM organizations o WHERE o.deleted_at IS NULL AND o.id IN (SELECT organization_id FROM organization_memberships WHERE account_id = $2)
                AND ($1::text IS NULL OR ${contains('o.name')}) ORDER BY o.name, o.id`,
        scope: () => member.id,
      },
    },
    '/system-admin/project/listAll': {
      path: '/system-admin/project/listAll',
      body: () => ({}),
      reader: () => systemAdmin,
      stranger: () => admin,
      expected: {
        sql: `SELECT p.id FROM projects p JOIN organizations o ON o.id = p.organization_id
               WHERE o.deleted_at IS NULL AND ($1::text IS NULL OR ${contains('p.name')} OR ${contains('o.name')}) ORDER BY o.name, o.id, p.name, p.id`,
      },
    },
    '/project/listInAccount': {
      path: '/project/listInAccount',
      body: () => ({}),
      reader: () => admin,
      expected: {
        sql: `SELECT p.id FROM projects p JOIN organizations o ON o.id = p.organization_id
               WHERE o.deleted_at IS NULL AND o.id IN (SELECT organization_id FROM organization_memberships WHERE account_id = $2)
                 AND ($1::text IS NULL OR ${contains('p.name')} OR ${contains('o.name')}) ORDER BY o.name, o.id, p.name, p.id`,
        scope: () => admin.id,
      },
    },
    '/project/listInAccount (one organization)': {
      path: '/project/listInAccount',
      body: () => ({ organizationId: organization.organization.id }),
      reader: () => admin,
      expected: {
        sql: `SELECT p.id FROM projects p JOIN organizations o ON o.id = p.organization_id
               WHERE o.id = $2 AND ($1::text IS NULL OR ${contains('p.name')} OR ${contains('o.name')}) ORDER BY o.name, o.id, p.name, p.id`,
        scope: () => organization.organization.id,
      },
    },
    '/organization/listMembers': {
      path: '/organization/listMembers',
      body: () => ({ organizationId: organization.organization.id }),
      reader: () => admin,
      stranger: () => outsider,
      expected: {
        sql: `SELECT a.id FROM organization_memberships om JOIN accounts a ON a.id = om.account_id
               WHERE om.organization_id = $2 AND ${matchesAccount} ORDER BY om.created_at, om.account_id`,
        scope: () => organization.organization.id,
      },
    },
    '/project/listMembers': {
      path: '/project/listMembers',
      body: () => ({ projectId: project.project.id }),
      reader: () => admin,
      stranger: () => outsider,
      expected: {
        sql: `SELECT a.id FROM project_memberships pm JOIN accounts a ON a.id = pm.account_id
               WHERE pm.project_id = $2 AND ${matchesAccount} ORDER BY pm.created_at, pm.account_id`,
        scope: () => project.project.id,
      },
    },
    '/invitation/listInOrganization': {
      path: '/invitation/listInOrganization',
      body: () => ({ organizationId: organization.organization.id }),
      reader: () => admin,
      stranger: () => outsider,
      expected: {
        sql: `SELECT i.id FROM invitations i WHERE i.organization_id = $2 AND i.accepted_at IS NULL AND i.cancelled_at IS NULL AND ${matchesInvitation}
               ORDER BY i.created_at DESC, i.id DESC`,
        scope: () => organization.organization.id,
      },
    },
    '/invitation/listInProject': {
      path: '/invitation/listInProject',
      body: () => ({ projectId: project.project.id }),
      reader: () => admin,
      stranger: () => outsider,
      expected: {
        sql: `SELECT i.id FROM invitations i WHERE i.projects @> jsonb_build_array(jsonb_build_object('projectId', $2::text))
                 AND i.accepted_at IS NULL AND i.cancelled_at IS NULL AND ${matchesInvitation}
               ORDER BY i.created_at DESC, i.id DESC`,
        scope: () => project.project.id,
      },
    },
  };
  const cases = Object.keys(listings).map((name) => [name] as const);
  /** The listings keyed like organizations (name, id): their cursors fit one another. */
  const organizationKeyed = new Set(['/system-admin/organization/listAll', '/organization/listOfAccount']);

  /** The ids the listing should answer for the query (trimmed; '' = all), in order. */
  async function expectedIds(listing: Listing, query = ''): Promise<string[]> {
    const text = query.trim();
    const values: unknown[] = [text === '' ? null : text];
    if (listing.expected.scope) values.push(listing.expected.scope());
    return (await db.query<Item[]>(listing.expected.sql, values)).map((row) => row.id);
  }

  /** Every page of the listing with this limit, following nextCursor until it is null; the ids in order and the number of pages. */
  async function walk(listing: Listing, limit: number, query?: string): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let pages = 1; ; pages += 1) {
      const response = await call<PageBody>(
        api,
        listing.path,
        { ...listing.body(), limit, ...(cursor === undefined ? {} : { cursor }), ...(query === undefined ? {} : { query }) },
        listing.reader().token,
      );
      expect({ status: response.status, isPage: !Array.isArray(response.body) }).toEqual({ status: 200, isPage: true });
      expect(response.body.items.length).toBeLessThanOrEqual(limit);
      ids.push(...response.body.items.map((item) => item.id));
      if (response.body.nextCursor === null) return { ids, pages };
      expect(response.body.items).toHaveLength(limit);
      cursor = response.body.nextCursor;
    }
  }

  /** Every tampered cursor of the listing's first page (limit 1) is refused with 400 VALIDATION_FAILED and the error body. */
  async function expectTamperedCursorsRefused(path: string, body: Record<string, unknown>, token: string): Promise<void> {
    const first = await call<PageBody>(api, path, { ...body, limit: 1 }, token);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const answers = [];
    for (const { what, cursor } of tamperedCursors(first.body.nextCursor!)) {
      const response = await call<ErrorBodyShape>(api, path, { ...body, limit: 1, cursor }, token);
      answers.push({ what, status: response.status, body: response.body });
    }
    expect(answers).toEqual(
      answers.map(({ what }) => ({
        what,
        status: 400,
        body: { name: PRODUCT_ERROR_NAME, errorCode: 'VALIDATION_FAILED', message: 'cursor must be the nextCursor of a previous page' },
      })),
    );
  }

  beforeAll(async () => {
    api = await startApi({ MAIL_WORKER_ENABLED: 'false' });
    db = api.app.get(DataSource);
    [systemAdmin, admin, member, outsider] = await Promise.all([createSystemAdmin(api), createCaller(api), createCaller(api), createCaller(api)]);
    organization = await createOrganization(api, 'ページング組織');
    project = await createProject(api, organization.organization.id, 'ページングプロジェクト');
    await addOrganizationMember(api, admin.id, organization, 'admin');
    await addProjectMember(api, admin.id, project, 'admin');
    const org = organization.organization.id;
    const audit = `'${ROOT_ACCOUNT_ID}', '${ROOT_ACCOUNT_ID}'`;
    // Each bulk insert is one statement: its rows share created_at, so the id alone orders them (the keyset's tie-break).
    await db.query(
      `INSERT INTO accounts (id, name, email, created_by_id, updated_by_id)
       SELECT 'b' || lpad(g::text, 9, '0'), 'Bulk ' || g, 'bulk' || g || '@${DOMAIN}', ${audit} FROM generate_series(1, ${BULK}) g`,
    );
    await db.query(`UPDATE accounts SET name = 'Snake_Case 100%' WHERE id = 'b000000001'`);
    await db.query(`UPDATE accounts SET name = 'SnakeXCase 100x' WHERE id = 'b000000002'`);
    await db.query(
      `INSERT INTO organization_memberships (account_id, organization_id, role_id, created_by_id, updated_by_id)
       SELECT id, $1, $2, ${audit} FROM accounts WHERE email LIKE '%@${DOMAIN}'`,
      [org, organization.memberRole.id],
    );
    await db.query(
      `INSERT INTO project_memberships (account_id, project_id, organization_id, role_id, created_by_id, updated_by_id)
       SELECT id, $1, $2, $3, ${audit} FROM accounts WHERE email LIKE '%@${DOMAIN}'`,
      [project.project.id, org, project.memberRole.id],
    );
    await db.query(
      `INSERT INTO invitations (id, organization_id, email, role_id, projects, expired_in, created_by_id)
       SELECT 'i' || lpad(g::text, 20, '0'), $1, CASE g WHEN 1 THEN 'snake_case@${DOMAIN}' WHEN 2 THEN 'snakexcase@${DOMAIN}' ELSE 'invitee' || g || '@${DOMAIN}' END, $2,
              CASE WHEN g % 10 = 0 THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object('projectId', $3::text, 'roleId', $4::text)) END, $5, '${ROOT_ACCOUNT_ID}'
         FROM generate_series(1, ${BULK + BULK / 10}) g`,
      [org, organization.memberRole.id, project.project.id, project.memberRole.id, INVITATION_LIFETIME_SECONDS],
    );
    // Accepted and cancelled invitations are not listed.
    await db.query(`UPDATE invitations SET cancelled_at = now() WHERE id = 'i00000000000000000003'`);
    await db.query(
      `INSERT INTO organizations (id, name, created_by_id, updated_by_id)
       SELECT 'o' || lpad(g::text, 7, '0'), CASE g WHEN 1 THEN 'Snake_Case 100% 組織' WHEN 2 THEN 'SnakeXCase 100x 組織' ELSE 'Org ' || (g % 300) END, ${audit}
         FROM generate_series(1, ${BULK}) g`,
    );
    await db.query(
      `INSERT INTO projects (id, organization_id, name, created_by_id, updated_by_id)
       SELECT 'p' || lpad(g::text, 7, '0'), $1, CASE g WHEN 1 THEN 'Snake_Case 100%' WHEN 2 THEN 'SnakeXCase 100x' ELSE 'Project ' || (g % 400) END, ${audit}
         FROM generate_series(1, ${BULK}) g`,
      [org],
    );
    // A member role in each bulk organization, and the member in all of them but every twentieth.
    await db.query(
      `INSERT INTO roles (id, organization_id, key, name, is_preset, created_by_id, updated_by_id)
       SELECT 'r' || substr(id, 2) || 'mb', id, 'member', 'メンバー', true, ${audit} FROM organizations WHERE id ~ '^o[0-9]{7}$'`,
    );
    await db.query(
      `INSERT INTO organization_memberships (account_id, organization_id, role_id, created_by_id, updated_by_id)
       SELECT $1, id, 'r' || substr(id, 2) || 'mb', ${audit} FROM organizations WHERE id ~ '^o[0-9]{7}$' AND substr(id, 2)::int % 20 <> 0`,
      [member.id],
    );
    await db.query(`UPDATE organizations SET profile_image_src = $2 WHERE id = $1`, [org, ORGANIZATION_IMAGE]);
    // Projects of an organization the admin does not belong to: listed for a system administrator only.
    await db.query(
      `INSERT INTO projects (id, organization_id, name, created_by_id, updated_by_id) SELECT 'q' || lpad(g::text, 7, '0'), 'o0000001', 'Other ' || g, ${audit} FROM generate_series(1, 30) g`,
    );
  });

  // The bulk rows go again: the test files share one database and others list without limit (the first 1,000 rows).
  afterAll(async () => {
    await db.transaction(async (tx) => {
      await tx.query(`DELETE FROM project_memberships WHERE account_id ~ '^b[0-9]{9}$'`);
      await tx.query(`DELETE FROM organization_memberships WHERE account_id ~ '^b[0-9]{9}$' OR organization_id ~ '^o[0-9]{7}$'`);
      await tx.query(`DELETE FROM invitations WHERE id ~ '^i[0-9]{20}$'`);
      await tx.query(`DELETE FROM projects WHERE id ~ '^[pq][0-9]{7}$'`);
      await tx.query(`DELETE FROM roles WHERE organization_id ~ '^o[0-9]{7}$'`);
      await tx.query(`DELETE FROM organizations WHERE id ~ '^o[0-9]{7}$'`);
      await tx.query(`DELETE FROM accounts WHERE id ~ '^b[0-9]{9}$'`);
    });
    await api.close();
  });

  describe.each(cases)('%s', (name) => {
    const listing = listings[name] as Listing;
    const { path } = listing;

    it('walks the whole list page by page without gaps or duplicates, in order, the last page with nextCursor null', async () => {
      const expected = await expectedIds(listing);
      expect(expected.length).toBeGreaterThan(CAP);
      const { ids, pages } = await walk(listing, 100);
      expect(ids).toEqual(expected);
      expect(pages).toBe(Math.ceil(expected.length / 100));
    });

    it('answers the old shape without limit: the bare array of the first 1,000 rows in the same order', async () => {
      const response = await call<Item[]>(api, path, listing.body(), listing.reader().token);
      expect(response.status).toBe(200);
      expect(Array.isArray(response.body)).toBe(true);
      expect(response.body.map((item) => item.id)).toEqual((await expectedIds(listing)).slice(0, CAP));
    });

    it('filters by query: case-insensitive substring, trimmed, with % and _ matched literally, paged and unpaged alike', async () => {
      for (const query of ['e_c', '0%', '%', '_', 'SNAKE_case', '  snake  ', 'no such text']) {
        const expected = await expectedIds(listing, query);
        const unpaged = await call<Item[]>(api, path, { ...listing.body(), query }, listing.reader().token);
        expect({ query, status: unpaged.status, ids: unpaged.body.map((item) => item.id) }).toEqual({ query, status: 200, ids: expected.slice(0, CAP) });
        if (expected.length <= 10) expect({ query, ids: (await walk(listing, 2, query)).ids }).toEqual({ query, ids: expected });
      }
      // The data holds both: 'e_c' is in 'Snake_Case' (listed) and would match 'SnakeXCase' as a LIKE pattern (not listed).
      expect((await expectedIds(listing, 'e_c')).length).toBeGreaterThan(0);
      expect(await expectedIds(listing, '')).toEqual(await expectedIds(listing));
    });

    it('answers an empty query like no query', async () => {
      const response = await call<PageBody>(api, path, { ...listing.body(), limit: 5, query: '   ' }, listing.reader().token);
      expect(response.body.items.map((item) => item.id)).toEqual((await expectedIds(listing)).slice(0, 5));
    });

    it.each<[string, Record<string, unknown>]>([
      ['limit 0', { limit: 0 }],
      ['limit 101', { limit: 101 }],
      ['a fractional limit', { limit: 2.5 }],
      ['a limit in a string', { limit: '10' }],
      ['a cursor that is not base64url JSON', { limit: 10, cursor: 'not a cursor!' }],
      ['a cursor of another shape', { limit: 10, cursor: Buffer.from(JSON.stringify(['x'])).toString('base64url') }],
      ['a cursor holding a bad value', { limit: 10, cursor: Buffer.from(JSON.stringify(['2020-01-01', 'x', 'y', 'z'])).toString('base64url') }],
      ['a cursor without limit', { cursor: Buffer.from(JSON.stringify(['x'])).toString('base64url') }],
      ['a query of 101 characters', { query: 'x'.repeat(101) }],
      ['a query that is not a string', { query: 5 }],
    ])('refuses %s with 400 VALIDATION_FAILED and the error body', async (_what, fields) => {
      const response = await call<ErrorBodyShape>(api, path, { ...listing.body(), ...fields }, listing.reader().token);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body).sort()).toEqual(['errorCode', 'message', 'name']);
      expect(response.body.errorCode).toBe('VALIDATION_FAILED');
    });

    it('refuses tampered cursors (impossible times, foreign characters, other spellings) with 400 VALIDATION_FAILED, never a 500', async () => {
      await expectTamperedCursorsRefused(path, listing.body(), listing.reader().token);
    });

    it('refuses the cursor of another listing', async () => {
      // Organizations are keyed by (name, id), accounts by (time, id): neither cursor fits the other listings.
      const other = organizationKeyed.has(path) ? listings['/systemAdmin/account/list'] : listings['/system-admin/organization/listAll'];
      const first = await call<PageBody>(api, other!.path, { ...other!.body(), limit: 1 }, systemAdmin.token);
      expect(first.body.nextCursor).toEqual(expect.any(String));
      const response = await call<ErrorBodyShape>(api, path, { ...listing.body(), limit: 1, cursor: first.body.nextCursor }, listing.reader().token);
      expect({ status: response.status, errorCode: response.body.errorCode }).toEqual({ status: 400, errorCode: 'VALIDATION_FAILED' });
    });

    it('keeps its permissions: a caller without the right is refused (403) with or without limit and query, or sees nothing of others', async () => {
      for (const fields of [{}, { limit: 10 }, { limit: 10, query: 'snake' }]) {
        const response = await call<ErrorBodyShape | Item[] | PageBody>(
          api,
          path,
          { ...listing.body(), ...fields },
          (listing.stranger ?? (() => outsider))().token,
        );
        const answer = listing.stranger ? { status: 403 } : { status: 200, body: 'limit' in fields ? { items: [], nextCursor: null } : [] };
        expect({ fields, status: response.status, ...('body' in answer ? { body: response.body } : {}) }).toEqual({ fields, ...answer });
      }
    });
  });

  it.each<[string, () => Record<string, unknown>]>([
    ['/organization/listAuditEvents', () => ({ organizationId: organization.organization.id })],
    ['/systemAdmin/auditEvent/list', () => ({})],
  ])('%s refuses tampered cursors with 400 VALIDATION_FAILED, never a 500', async (path, body) => {
    // Two events of the organization at least, so that its first page of one has a next.
    for (const name of ['ページング組織 (改)', 'ページング組織']) {
      expect((await call(api, '/organization/update', { organizationId: organization.organization.id, updateProps: { name } }, systemAdmin.token)).status).toBe(
        200,
      );
    }
    await expectTamperedCursorsRefused(path, body(), systemAdmin.token);
  });

  it('lists an organization’s projects consecutively across pages of /project/listInAccount (a system administrator sees every organization’s)', async () => {
    const { ids } = await walk({ ...listings['/project/listInAccount']!, reader: () => systemAdmin }, 100);
    expect(ids).toEqual(await expectedIds(listings['/system-admin/project/listAll']!));
    const page = await call<{ items: { organizationId: string }[] }>(api, '/project/listInAccount', { limit: 100 }, systemAdmin.token);
    const organizations = page.body.items.map((item) => item.organizationId).filter((id, i, all) => i === 0 || all[i - 1] !== id);
    expect(new Set(organizations).size).toBe(organizations.length);
  });

  it('lists one organization’s projects with organizationId, only among those the account may see', async () => {
    const other = await call<Item[]>(api, '/project/listInAccount', { organizationId: 'o0000001' }, systemAdmin.token);
    const expected = await db.query<Item[]>(`SELECT id FROM projects WHERE organization_id = 'o0000001' ORDER BY name, id`);
    expect(expected).toHaveLength(30);
    expect(other.body.map((item) => item.id)).toEqual(expected.map((row) => row.id));
    expect((await call<Item[]>(api, '/project/listInAccount', { organizationId: 'o0000001' }, admin.token)).body).toEqual([]);
    const malformed = await call<ErrorBodyShape>(api, '/project/listInAccount', { organizationId: 'bad' }, admin.token);
    expect({ status: malformed.status, errorCode: malformed.body.errorCode }).toEqual({ status: 400, errorCode: 'INVALID_ID' });
  });

  it('matches a project by its organization’s name', async () => {
    const response = await call<Item[]>(api, '/project/listInAccount', { query: 'ページング組' }, admin.token);
    expect(response.body.map((item) => item.id)).toEqual((await expectedIds(listings['/project/listInAccount']!)).slice(0, CAP));
  });

  it('summarises the roles of each project in the project listings ({ id, key, name }), the whole role with /project/get', async () => {
    for (const path of ['/project/listInAccount', '/system-admin/project/listAll']) {
      const response = await call<(Item & { roles: object[] })[]>(api, path, { query: 'ページングプロジェクト' }, systemAdmin.token);
      expect(response.body).toHaveLength(1);
      expect(response.body[0]?.roles).toEqual([
        { id: project.adminRole.id, key: 'admin', name: project.adminRole.name },
        { id: project.memberRole.id, key: 'member', name: project.memberRole.name },
      ]);
    }
    const full = await call<{ roles: object[] }>(api, '/project/get', { projectId: project.project.id }, admin.token);
    expect(full.body.roles[0]).toMatchObject({ id: project.adminRole.id, description: project.adminRole.description, isPreset: true });
  });

  it('carries the name and image of its organization on each project of the project listings', async () => {
    for (const path of ['/project/listInAccount', '/system-admin/project/listAll']) {
      const response = await call<{ items: (Item & { organizationId: string; organizationName: string; organizationProfileImageSrc: string | null })[] }>(
        api,
        path,
        { limit: 100, query: 'Snake' },
        systemAdmin.token,
      );
      const organizations = await db.query<{ id: string; name: string; profile_image_src: string | null }[]>(
        'SELECT id, name, profile_image_src FROM organizations',
      );
      const byId = new Map(organizations.map((o) => [o.id, o]));
      expect(response.body.items.length).toBeGreaterThan(2);
      for (const item of response.body.items) {
        expect({ path, name: item.organizationName, image: item.organizationProfileImageSrc }).toEqual({
          path,
          name: byId.get(item.organizationId)?.name,
          image: byId.get(item.organizationId)?.profile_image_src,
        });
      }
      expect(response.body.items.map((item) => item.organizationProfileImageSrc)).toEqual(expect.arrayContaining([ORGANIZATION_IMAGE, null]));
    }
  });

  it('gives the organizations of /organization/listOfAccount with their roles, the account’s only', async () => {
    const own = await call<PageBody & { items: { id: string; roles: { key: string }[] }[] }>(
      api,
      '/organization/listOfAccount',
      { limit: 10, query: 'ページング' },
      admin.token,
    );
    expect(own.body.items.map((item) => item.id)).toEqual([organization.organization.id]);
    expect(own.body.items[0]?.roles.map((role) => role.key)).toEqual(['admin', 'member']);
    const others = await call<PageBody>(api, '/organization/listOfAccount', { limit: 10, query: 'ページング' }, member.token);
    expect(others.body).toEqual({ items: [], nextCursor: null });
  });

  it('gives the members with their memberships, and accounts with all theirs', async () => {
    const members = await call<PageBody & { items: { memberships: unknown[] }[] }>(
      api,
      '/project/listMembers',
      { projectId: project.project.id, limit: 1, query: 'Snake_Case' },
      admin.token,
    );
    expect(members.body.items[0]?.memberships).toEqual([
      {
        organizationId: organization.organization.id,
        roleId: organization.memberRole.id,
        projects: [{ projectId: project.project.id, roleId: project.memberRole.id }],
      },
    ]);
    const accounts = await call<PageBody & { items: { memberships: unknown[] }[] }>(
      api,
      '/systemAdmin/account/list',
      { limit: 1, query: admin.user.email },
      systemAdmin.token,
    );
    expect(accounts.body.items.map((item) => item.id)).toEqual([admin.id]);
    expect(accounts.body.items[0]?.memberships).toEqual([
      {
        organizationId: organization.organization.id,
        roleId: organization.adminRole.id,
        projects: [{ projectId: project.project.id, roleId: project.adminRole.id }],
      },
    ]);
  });
});
