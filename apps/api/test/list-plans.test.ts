import { LIST_PAGE_SIZE, ROOT_ACCOUNT_ID } from '@console/domain';
import pg, { escapeLiteral } from 'pg';
import { DataSource } from 'typeorm';
import { createCaller, createSystemAdmin, type Caller } from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';

/** The tables that grow with the customers: a sequential scan of one of them is a listing that slows down as they do. */
const BIG_TABLES = new Set(['accounts', 'organizations', 'projects', 'organization_memberships', 'project_memberships', 'invitations', 'audit_events']);
const LARGEST = 'o0000000';
const LARGEST_PROJECT = 'p0000000';
const ORGANIZATIONS = 2000;
/** The listings without a query (the audit log is filtered, not searched). */
const UNSEARCHED = new Set(['/organization/listAuditEvents', '/systemAdmin/auditEvent/list']);

/** An id: the prefix, then the number zero-padded to `length` characters. */
const id = (prefix: string, n: string, length: number): string => `'${prefix}' || lpad((${n})::text, ${length - prefix.length}, '0')`;
const BY = `'${ROOT_ACCOUNT_ID}', now() - g * interval '1 second', '${ROOT_ACCOUNT_ID}', now() - g * interval '1 second'`;

/**
 * Enough rows that the planner reads a big table through an index only where one serves the
 * query (the shape of docs/operations.md#scale-benchmark, smaller): 30,000 accounts, 2,000
 * organizations with 6,000 projects, 65,000 memberships (5,000 in the largest organization),
 * 20,000 invitations and 50,000 audit events.
 */
const SEED = [
  `INSERT INTO accounts (id, name, email, created_by_id, created_at, updated_by_id, updated_at)
   SELECT ${id('x', 'g', 10)}, '名前 ' || g, 'plan' || g || '@plans.example', ${BY} FROM generate_series(1, 30000) g`,
  `INSERT INTO organizations (id, name, created_by_id, created_at, updated_by_id, updated_at)
   SELECT ${id('o', 'g', 8)}, '組織 ' || g, ${BY} FROM generate_series(0, ${ORGANIZATIONS - 1}) g`,
  `INSERT INTO projects (id, organization_id, name, created_by_id, created_at, updated_by_id, updated_at)
   SELECT ${id('p', 'g', 8)}, ${id('o', `CASE WHEN g < 300 THEN 0 ELSE g % ${ORGANIZATIONS} END`, 8)}, 'プロジェクト ' || g, ${BY} FROM generate_series(0, 5999) g`,
  `INSERT INTO roles (id, organization_id, key, name, is_preset, created_by_id, created_at, updated_by_id, updated_at)
   SELECT ${id('r', 'g', 8)} || k, ${id('o', 'g', 8)}, CASE k WHEN 'ad' THEN 'admin' ELSE 'member' END, k, true, ${BY}
     FROM generate_series(0, ${ORGANIZATIONS - 1}) g, (VALUES ('ad'), ('me')) r(k)`,
  `INSERT INTO roles (id, organization_id, project_id, key, name, is_preset, created_by_id, created_at, updated_by_id, updated_at)
   VALUES ('q0000000me', '${LARGEST}', '${LARGEST_PROJECT}', 'member', 'メンバー', true, '${ROOT_ACCOUNT_ID}', now(), '${ROOT_ACCOUNT_ID}', now())`,
  `INSERT INTO organization_memberships (account_id, organization_id, role_id, created_by_id, created_at, updated_by_id, updated_at)
   SELECT ${id('x', 'g', 10)}, '${LARGEST}', 'r0000000me', ${BY} FROM generate_series(1, 5000) g
   UNION ALL
   SELECT ${id('x', 'g', 10)}, o, 'r' || substr(o, 2) || 'me', ${BY}
     FROM generate_series(1, 30000) g, (VALUES (0), (1000)) k(k), LATERAL (SELECT ${id('o', `1 + (g + k) % ${ORGANIZATIONS - 1}`, 8)} AS o) x`,
  `INSERT INTO project_memberships (account_id, project_id, organization_id, role_id, created_by_id, created_at, updated_by_id, updated_at)
   SELECT ${id('x', 'g', 10)}, '${LARGEST_PROJECT}', '${LARGEST}', 'q0000000me', ${BY} FROM generate_series(1, 5000) g`,
  `INSERT INTO invitations (id, organization_id, email, role_id, projects, expired_in, created_by_id, created_at)
   SELECT ${id('i', 'o * 2000 + g', 21)}, ${id('o', 'o', 8)}, 'invitee' || g || '@plans.example', ${id('r', 'o', 8)} || 'me',
          CASE WHEN o = 0 AND g % 2 = 0 THEN '[{"projectId": "${LARGEST_PROJECT}", "roleId": "q0000000me"}]'::jsonb ELSE '[]'::jsonb END, 604800, '${ROOT_ACCOUNT_ID}', now() - g * interval '1 second'
     FROM generate_series(0, 9) o, generate_series(1, 2000) g`,
  `INSERT INTO audit_events (occurred_at, actor_account_id, action, target_type, target_id, organization_id)
   SELECT now() - g * interval '1 second', ${id('x', '1 + g % 30000', 10)}, 'organization.update', 'organization', o, o
     FROM generate_series(1, 50000) g, LATERAL (SELECT CASE WHEN g % 10 = 0 THEN '${LARGEST}' ELSE ${id('o', `1 + g % ${ORGANIZATIONS - 1}`, 8)} END AS o) x`,
  'ANALYZE',
];

interface PlanNode {
  'Node Type': string;
  'Total Cost': number;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The big tables the plan reads by a sequential scan. */
function sequentialScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] !== undefined && BIG_TABLES.has(node['Relation Name']) ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(sequentialScans)];
}

interface Statement {
  text: string;
  values: unknown[];
  /** Sent as a named statement: its connection may run it with one generic plan for any values. */
  prepared: boolean;
}

/** The statements a pg client sent, from the spy's calls (a config object or text, then values). */
function statementsOf(calls: unknown[][]): Statement[] {
  return calls.map(([config, values]) => {
    const query = typeof config === 'string' ? { text: config } : (config as { text: string; values?: unknown[]; name?: string });
    // An export's COPY (SELECT …) TO STDOUT is EXPLAINed as its SELECT.
    const text = /^COPY \(([\s\S]*)\) TO STDOUT/.exec(query.text)?.[1] ?? query.text;
    return { text, values: Array.isArray(values) ? values : (query.values ?? []), prepared: 'name' in query && query.name !== undefined };
  });
}

/**
 * Every list call the web makes (and the audit log's CSV exports) reads the big tables through
 * indexes: each statement it sends is EXPLAINed on a database large enough for the planner to
 * prefer a sequential scan where no index serves, and none may scan a big table sequentially.
 */
describe('the plans of the list calls (docs/operations.md#scale-benchmark)', () => {
  const server = new URL(process.env.DATABASE_URL ?? '');
  const name = `console_plans_${Date.now()}`;
  let api: TestApi;
  let db: DataSource;
  let systemAdmin: Caller;
  let organizationAdmin: Caller;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    api = await startApi({ DATABASE_URL: url.toString(), MAIL_WORKER_ENABLED: 'false', AUDIT_RETENTION_DAYS: '0' });
    db = api.app.get(DataSource);
    [systemAdmin, organizationAdmin] = await Promise.all([createSystemAdmin(api), createCaller(api)]);
    for (const statement of SEED) await db.query(statement);
    // An administrator of the largest organization, and a member of 99 others (more than a page).
    await db.query(
      `INSERT INTO organization_memberships (account_id, organization_id, role_id, created_by_id, updated_by_id)
       SELECT $1, ${id('o', 'g', 8)}, ${id('r', 'g', 8)} || CASE g WHEN 0 THEN 'ad' ELSE 'me' END, $2, $2 FROM generate_series(0, 99) g`,
      [organizationAdmin.id, ROOT_ACCOUNT_ID],
    );
  });

  afterAll(async () => {
    await api?.close();
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  const calls: [string, string, Record<string, unknown>, () => Caller][] = [
    ['/systemAdmin/account/list', 'accounts', {}, () => systemAdmin],
    ['/system-admin/organization/listAll', 'organizations', {}, () => systemAdmin],
    ['/system-admin/project/listAll', 'projects', {}, () => systemAdmin],
    ['/organization/listOfAccount', 'organizations of a member', {}, () => organizationAdmin],
    ['/project/listInAccount', 'projects of a member', {}, () => organizationAdmin],
    ['/project/listInAccount', 'projects of one organization', { organizationId: LARGEST }, () => organizationAdmin],
    ['/organization/listMembers', 'members of the largest organization', { organizationId: LARGEST }, () => organizationAdmin],
    ['/project/listMembers', 'members of its largest project', { projectId: LARGEST_PROJECT }, () => organizationAdmin],
    ['/invitation/listInOrganization', 'invitations of the largest organization', { organizationId: LARGEST }, () => organizationAdmin],
    ['/invitation/listInProject', 'invitations to its largest project', { projectId: LARGEST_PROJECT }, () => organizationAdmin],
    ['/organization/listAuditEvents', 'audit log of the largest organization', { organizationId: LARGEST }, () => organizationAdmin],
    ['/systemAdmin/auditEvent/list', 'audit log of all', {}, () => systemAdmin],
  ];

  /** The statements of one call, sent as the caller, from a pg client spied on (the real query runs). */
  async function statementsOfCall(
    path: string,
    body: Record<string, unknown>,
    caller: Caller,
  ): Promise<{ status: number; body: unknown; statements: Statement[] }> {
    const spy = jest.spyOn(pg.Client.prototype, 'query');
    try {
      const response = await call(api, path, body, caller.token);
      return { ...response, statements: statementsOf(spy.mock.calls) };
    } finally {
      spy.mockRestore();
    }
  }

  /**
   * The big tables each SELECT of the statements scans sequentially, by statement: in the plan for
   * its values, and for a prepared one also in the generic plan its connection may keep for any
   * values (Postgres 15 has no EXPLAIN (GENERIC_PLAN): a PREPARE run with plan_cache_mode
   * force_generic_plan, in a transaction of its own).
   */
  async function scansOf(statements: Statement[]): Promise<{ statement: string; scans: string[] }[]> {
    const reads = statements.filter((s) => /^\s*(SELECT|WITH)\b/i.test(s.text));
    expect(reads.length).toBeGreaterThan(0);
    const plans = [];
    // A statement and its alternative, planned together to choose between them (Statement.alternative):
    // neither may scan a big table sequentially either.
    for (const { text, values } of statements.filter((s) => s.text.startsWith('EXPLAIN (FORMAT JSON) ('))) {
      const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(text, values);
      plans.push({ statement: text.replace(/\s+/g, ' ').slice(0, 160), scans: row ? sequentialScans(row['QUERY PLAN'][0].Plan) : ['no plan'] });
    }
    for (const { text, values, prepared } of reads) {
      const statement = text.replace(/\s+/g, ' ').slice(0, 160);
      plans.push({ statement, scans: sequentialScans(await planForValues(text, values)) });
      if (prepared) plans.push({ statement: `generic plan of ${statement}`, scans: sequentialScans(await genericPlan(text, values)) });
    }
    expect(plans.length).toBeGreaterThan(reads.length);
    return plans;
  }

  /** The plan of a statement for its values. */
  async function planForValues(text: string, values: unknown[]): Promise<PlanNode> {
    const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(`EXPLAIN (FORMAT JSON) ${text}`, values);
    if (!row) throw new Error(`no plan of ${text}`);
    return row['QUERY PLAN'][0].Plan;
  }

  let probes = 0;
  async function genericPlan(text: string, values: unknown[]): Promise<PlanNode> {
    const probe = `generic_plan_probe_${(probes += 1)}`;
    return db.transaction(async (manager) => {
      // EXECUTE takes its parameters as expressions: the values as literals (their text as pg sends
      // it, read back), of the types PREPARE inferred.
      const literals: string[] = [];
      for (const value of values) {
        const [sent] = await manager.query<{ text: string | null }[]>('SELECT $1::text AS text', [value]);
        literals.push(sent?.text == null ? 'NULL' : escapeLiteral(sent.text));
      }
      await manager.query(`SET LOCAL plan_cache_mode = force_generic_plan`);
      await manager.query(`PREPARE ${probe} AS ${text}`);
      const [row] = await manager.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
        `EXPLAIN (FORMAT JSON) EXECUTE ${probe}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`,
      );
      await manager.query(`DEALLOCATE ${probe}`);
      if (!row) throw new Error(`no generic plan of ${text}`);
      return row['QUERY PLAN'][0].Plan;
    });
  }

  /** The node types of a plan, the nodes under each after it. */
  function nodeTypes(node: PlanNode): string[] {
    return [node['Node Type'], ...(node.Plans ?? []).flatMap(nodeTypes)];
  }

  // The generic plan that sorts every match shows at the scale benchmark's size (openInvitationPage),
  // not on these tables.
  it("/invitation/listInProject: a page is planned for its values (never prepared), which walk the organization's open invitations in order", async () => {
    const first = await statementsOfCall('/invitation/listInProject', { projectId: LARGEST_PROJECT, limit: 50 }, organizationAdmin);
    expect(first.status).toBe(200);
    const { nextCursor } = first.body as { nextCursor: string | null };
    const next = await statementsOfCall('/invitation/listInProject', { projectId: LARGEST_PROJECT, limit: 50, cursor: nextCursor }, organizationAdmin);
    expect(next.status).toBe(200);
    const pages = [...first.statements, ...next.statements].filter((statement) => statement.text.includes('FROM invitations i'));
    expect(pages.map((page) => page.prepared)).toEqual([false, false]);
    for (const { text, values } of pages) {
      const forValues = nodeTypes(await planForValues(text, values));
      expect(forValues).toContain('Index Scan');
      expect(forValues).not.toContain('Sort');
    }
  });

  // With LIMIT $n Postgres costs a generic plan for a tenth of the rows that match: a thousand times
  // the plan for the values at the scale benchmark's size, so it planned such a page at every call.
  it.each([
    ['/systemAdmin/account/list', {}, () => systemAdmin],
    ['/system-admin/project/listAll', {}, () => systemAdmin],
    ['/project/listMembers', { projectId: LARGEST_PROJECT }, () => organizationAdmin],
  ] as [string, Record<string, unknown>, () => Caller][])(
    "%s: a page of the web's size writes its LIMIT into its statement, whose generic plan is then costed as the plan for its values is; another size sends it as a parameter",
    async (path, body, caller) => {
      const fetch = LIST_PAGE_SIZE + 1;
      const first = await statementsOfCall(path, { ...body, limit: LIST_PAGE_SIZE }, caller());
      expect(first.status).toBe(200);
      const { nextCursor } = first.body as { nextCursor: string | null };
      const next = await statementsOfCall(path, { ...body, limit: LIST_PAGE_SIZE, cursor: nextCursor }, caller());
      expect(next.status).toBe(200);
      const pages = [...first.statements, ...next.statements].filter((statement) => statement.text.trimEnd().endsWith(` LIMIT ${fetch}`));
      expect(pages.map((page) => [page.prepared, page.values.includes(fetch)])).toEqual([
        [true, false],
        [true, false],
      ]);
      for (const { text, values } of pages) {
        const forValues = (await planForValues(text, values))['Total Cost'];
        expect((await genericPlan(text, values))['Total Cost']).toBeLessThanOrEqual(2 * forValues);
      }
      const other = await statementsOfCall(path, { ...body, limit: 7 }, caller());
      expect(other.status).toBe(200);
      const page = other.statements.find((statement) => /LIMIT \$\d+$/.test(statement.text.trimEnd()));
      expect(page?.values.at(-1)).toBe(8);
    },
  );

  it.each(calls)(
    '%s (%s): the first page, the page after it and a search read no big table sequentially, in the generic plans of those prepared too',
    async (path, _what, body, caller) => {
      const first = await statementsOfCall(path, { ...body, limit: 50 }, caller());
      expect(first.status).toBe(200);
      const { nextCursor } = first.body as { nextCursor: string | null };
      expect(nextCursor).toEqual(expect.any(String));
      const next = await statementsOfCall(path, { ...body, limit: 50, cursor: nextCursor }, caller());
      expect(next.status).toBe(200);
      const statements = [...first.statements, ...next.statements];
      if (!UNSEARCHED.has(path)) {
        const search = await statementsOfCall(path, { ...body, limit: 50, query: '999' }, caller());
        expect(search.status).toBe(200);
        statements.push(...search.statements);
      }
      const plans = await scansOf(statements);
      expect(plans.filter((p) => p.scans.length > 0)).toEqual([]);
    },
  );

  /**
   * The organizations' names of the scale benchmark, a family name, a company word and a number: the
   * matches of a family name and a company word (佐藤商事) sit together in the listing's order, after
   * every name of the families before it; those of a company word alone (商事) are spread over it.
   */
  describe('a search of the organizations by a name that many share the start of (Keyset.pageQuery, searchInOrder)', () => {
    const FAMILY = `ARRAY['佐藤','鈴木','高橋','田中','伊藤','渡辺','山本','中村','小林','加藤','吉田','山田']`;
    const COMPANY = `ARRAY['商事','製作所','物産','電機','建設','食品','運輸','銀行']`;

    beforeAll(async () => {
      await db.query(
        `INSERT INTO organizations (id, name, created_by_id, created_at, updated_by_id, updated_at)
         SELECT ${id('c', 'g', 8)}, (${FAMILY})[1 + g % 12] || (${COMPANY})[1 + (g / 12) % 8] || ' ' || g, ${BY} FROM generate_series(1, 24000) g`,
      );
      await db.query('ANALYZE organizations');
    });

    /** The ids of every organization matching `query`, in the listing's order (name, then id). */
    async function everyMatch(query: string): Promise<string[]> {
      const rows = await db.query<{ id: string }[]>(`SELECT id FROM organizations WHERE deleted_at IS NULL AND name ILIKE $1 ORDER BY name, id`, [
        `%${query}%`,
      ]);
      return rows.map((row) => row.id);
    }

    it.each([
      ['佐藤商事', 'reads every match and sorts them', true],
      ['高橋銀行', 'reads every match and sorts them', true],
      ['商事', 'walks the order', false],
    ])('%s: %s, and answers the pages a sort of every match gives', async (query, _how, sorted) => {
      const matches = await everyMatch(query);
      expect(matches.length).toBeGreaterThan(100);
      const first = await statementsOfCall('/system-admin/organization/listAll', { limit: 50, query }, systemAdmin);
      expect(first.status).toBe(200);
      const page = first.body as { items: { id: string }[]; nextCursor: string | null };
      const ran = first.statements.filter((s) => s.text.includes('FROM organizations o') && !s.text.startsWith('EXPLAIN'));
      expect(ran.map((s) => s.text.includes('OFFSET 0) matches'))).toEqual([sorted]);
      expect(page.items.map((item) => item.id)).toEqual(matches.slice(0, 50));
      const next = await call(api, '/system-admin/organization/listAll', { limit: 50, query, cursor: page.nextCursor }, systemAdmin.token);
      expect((next.body as { items: { id: string }[] }).items.map((item) => item.id)).toEqual(matches.slice(50, 100));
      expect(sequentialScans(await planForValues(ran[0]?.text ?? '', ran[0]?.values ?? []))).toEqual([]);
    });
  });

  it.each([
    ['/organization/exportAuditEvents', { organizationId: LARGEST }, () => organizationAdmin],
    ['/systemAdmin/auditEvent/export', {}, () => systemAdmin],
  ] as const)('the CSV export %s reads no big table sequentially', async (path, body, caller) => {
    const exported = await statementsOfCall(path, body, caller());
    expect(exported.status).toBe(200);
    const plans = await scansOf(exported.statements);
    expect(plans.filter((p) => p.scans.length > 0)).toEqual([]);
  });
});
