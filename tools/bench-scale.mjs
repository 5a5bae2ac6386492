// @ts-check
// `pnpm bench:scale`: the listings of the API on a large data set, on a throwaway database of the
// local Postgres (dropped afterwards) and the Auth Emulator (docs/operations.md#scale-benchmark).
// 1. Seeds, server-side (INSERT … SELECT FROM generate_series, foreign-key triggers off, secondary
//    indexes dropped during the load and built afterwards, then VACUUM ANALYZE and a CHECKPOINT),
//    SCALE times (default 1): 1,000,000 accounts, 100,000 organizations, 300,000 projects,
//    3,000,000 organization memberships (100,000 of them in the largest organization), 10,000
//    invitations in each of the 10 largest organizations, 10,000 members of a project of the
//    largest one and 10,000,000 audit events (a tenth of them in the largest organization); prints
//    the time per table.
// 2. Every list call the web makes, as a system administrator and as an administrator of the
//    largest organization: first page, a page in the middle (through its cursor), a search by a
//    name's prefix and one by a substring; SCALE_REQUESTS (default 20) requests one after the other,
//    then 20 concurrent clients sending SCALE_REQUESTS / 4 each; p50/p95/p99 (ms) against the
//    targets (page p95 ≤ 50 ms, search p95 ≤ 100 ms), and the CPU time per call of the concurrent
//    calls: the API process's, its database's backends' (from /proc, where Postgres runs on this
//    machine) and the clients' own. The clients keep their 20 connections open from case to case,
//    as the web's nginx keeps its upstream connections to an instance (keepalive in
//    apps/web/nginx/console.conf.template); SCALE_FRESH_CONNECTIONS=true opens 20 new ones for each
//    case instead.
// 3. The CSV export of the largest organization's audit log (1,000,000 rows): rows/s (≥ 50,000) and
//    the API process's peak RSS growth while it streams (≤ 50 MB, from /proc/<pid>/status).
// The API runs with the Node options of its deployment (DEPLOYED_NODE_ARGS).
// SCALE_ONLY=listings or SCALE_ONLY=export measures only those. Exits non-zero when a target is missed. The API is built beforehand: `pnpm bench:scale` does it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchApiEnv, cpuMsOf, DEPLOYED_NODE_ARGS, percentile, send, signUp, startServer } from './bench/server.mjs';
import { startAuthEmulator, startTestDatabase } from './stack.mjs';

const SCALE = Number(process.env.SCALE ?? 1);
const REQUESTS = Number(process.env.SCALE_REQUESTS ?? 20);
const FRESH_CONNECTIONS = process.env.SCALE_FRESH_CONNECTIONS === 'true';
const ONLY = process.env.SCALE_ONLY;
/** The export is measured so many times (median rate, largest RSS growth). */
const EXPORT_RUNS = 3;
const CLIENTS = 20;
/** The web's page size (LIST_PAGE_SIZE). */
const PAGE = 50;
const TARGET = { page: 50, search: 100, csvRowsPerSecond: 50_000, csvRssMb: 50 };

/** @param {number} n */
const scaled = (n) => Math.max(1, Math.round(n * SCALE));
const ACCOUNTS = scaled(1_000_000);
const ORGANIZATIONS = Math.max(scaled(100_000), 20);
const PROJECTS = scaled(300_000);
const MEMBERSHIPS = scaled(3_000_000);
const LARGEST_MEMBERS = scaled(100_000);
const LARGEST_PROJECTS = scaled(1_000);
const PROJECT_MEMBERS = scaled(10_000);
const LARGE_ORGANIZATIONS = 10;
const INVITATIONS = scaled(10_000);
const AUDIT_EVENTS = scaled(10_000_000);

const LARGEST = 'o0000000';
const LARGEST_PROJECT = 'p0000000';
const DAY = 86_400;

const FAMILY = `ARRAY['佐藤','鈴木','高橋','田中','伊藤','渡辺','山本','中村','小林','加藤','吉田','山田']`;
const GIVEN = `ARRAY['太郎','花子','一郎','陽子','健太','美咲','翔太','由美','大輔','直樹','彩','拓也']`;
const COMPANY = `ARRAY['商事','製作所','物産','電機','建設','食品','運輸','銀行']`;
const TOPIC = `ARRAY['ウェブサイト改善','顧客分析','販促キャンペーン','アプリ開発','会員施策','EC 最適化','問い合わせ対応','新規事業']`;
const DOMAINS = `ARRAY['example.com','example.jp','example.net','example.org','scale.example']`;
/** An id of the product: the prefix, then the number zero-padded to `length` characters (0-9A-Za-z). */
const id = (/** @type {string} */ prefix, /** @type {string} */ n, /** @type {number} */ length) =>
  `'${prefix}' || lpad((${n})::text, ${length - prefix.length}, '0')`;
/**
 * The id of account `n`: 'a' and nine digits, scattered over their range as the product's random
 * ids are (n times a constant prime to 10, modulo 10⁹: a permutation). Numbered in order, the
 * members of the largest project were the first accounts by id, and the planner took the join of
 * a search in them for one that would stop after the first percent of the accounts.
 */
const accountId = (/** @type {string} */ n) => `'a' || lpad(((${n})::bigint * 387420489 % 1000000000)::text, 9, '0')`;
/** The name of organization `n` (a family name, a company word and the number). */
const organizationName = (/** @type {string} */ n) => `(${FAMILY})[1 + (${n}) % 12] || (${COMPANY})[1 + ((${n}) / 12) % 8] || ' ' || (${n})`;
/** The organization of project `g`: the largest holds the first LARGEST_PROJECTS, the others the rest in turn. */
const projectOrganization = (/** @type {string} */ g) =>
  `CASE WHEN ${g} < ${LARGEST_PROJECTS} THEN 0 ELSE 1 + (${g} - ${LARGEST_PROJECTS}) % ${ORGANIZATIONS - 1} END`;
const BY = `'root000000', '2020-01-01T00:00:00Z'::timestamptz + g * interval '1 second', 'root000000', '2020-01-01T00:00:00Z'::timestamptz + g * interval '1 second'`;

/**
 * The rows of each table, in the order they are loaded. `g` is the series number; memberships
 * outside the largest organization spread each account over up to three organizations (a third
 * of them apart, so that an account is never twice in one).
 */
const TABLES = [
  {
    table: 'accounts',
    rows: ACCOUNTS,
    sql: `INSERT INTO accounts (id, idaas_id, name, email, created_by_id, created_at, updated_by_id, updated_at)
          SELECT ${accountId('g')}, 'scale-' || g, (${FAMILY})[1 + g % 12] || ' ' || (${GIVEN})[1 + (g / 12) % 12],
                 'user' || g || '@' || (${DOMAINS})[1 + g % 5], ${BY}
            FROM generate_series(1, ${ACCOUNTS}) g`,
  },
  {
    table: 'organizations',
    rows: ORGANIZATIONS,
    sql: `INSERT INTO organizations (id, name, created_by_id, created_at, updated_by_id, updated_at)
          SELECT ${id('o', 'g', 8)}, ${organizationName('g')}, ${BY}
            FROM generate_series(0, ${ORGANIZATIONS - 1}) g`,
  },
  {
    table: 'roles',
    rows: 2 * (ORGANIZATIONS + PROJECTS),
    sql: `INSERT INTO roles (id, organization_id, project_id, key, name, description, is_preset, created_by_id, created_at, updated_by_id, updated_at)
          SELECT ${id('r', 'g', 8)} || k, ${id('o', 'g', 8)}, NULL, CASE k WHEN 'ad' THEN 'admin' ELSE 'member' END, CASE k WHEN 'ad' THEN '管理者' ELSE 'メンバー' END, '', true, ${BY}
            FROM generate_series(0, ${ORGANIZATIONS - 1}) g, (VALUES ('ad'), ('me')) r(k)
          UNION ALL
          SELECT ${id('q', 'g', 8)} || k, ${id('o', projectOrganization('g'), 8)}, ${id('p', 'g', 8)},
                 CASE k WHEN 'ad' THEN 'admin' ELSE 'member' END, CASE k WHEN 'ad' THEN '管理者' ELSE 'メンバー' END, '', true, ${BY}
            FROM generate_series(0, ${PROJECTS - 1}) g, (VALUES ('ad'), ('me')) r(k)`,
  },
  {
    table: 'projects',
    rows: PROJECTS,
    // The organization's name on the project is written here: the triggers that keep it are off during the load.
    sql: `INSERT INTO projects (id, organization_id, organization_name, name, created_by_id, created_at, updated_by_id, updated_at)
          SELECT ${id('p', 'g', 8)}, ${id('o', projectOrganization('g'), 8)}, ${organizationName(projectOrganization('g'))},
                 (${TOPIC})[1 + g % 8] || ' ' || g, ${BY}
            FROM generate_series(0, ${PROJECTS - 1}) g`,
  },
  {
    table: 'organization_memberships',
    rows: MEMBERSHIPS,
    sql: `INSERT INTO organization_memberships (account_id, organization_id, role_id, created_by_id, created_at, updated_by_id, updated_at)
          SELECT ${accountId('g')}, '${LARGEST}', 'r0000000me', ${BY} FROM generate_series(1, ${LARGEST_MEMBERS}) g
          UNION ALL
          SELECT ${accountId(`1 + g % ${ACCOUNTS}`)}, o, 'r' || substr(o, 2) || 'me', ${BY}
            FROM generate_series(0, ${MEMBERSHIPS - LARGEST_MEMBERS - 1}) g,
                 LATERAL (SELECT ${id('o', `1 + (g % ${ACCOUNTS} + (g / ${ACCOUNTS}) * ${Math.floor((ORGANIZATIONS - 1) / 3)}) % ${ORGANIZATIONS - 1}`, 8)} AS o) x`,
  },
  {
    table: 'project_memberships',
    rows: PROJECT_MEMBERS,
    sql: `INSERT INTO project_memberships (account_id, project_id, organization_id, role_id, created_by_id, created_at, updated_by_id, updated_at)
          SELECT ${accountId('g')}, '${LARGEST_PROJECT}', '${LARGEST}', 'q0000000me', ${BY} FROM generate_series(1, ${Math.min(PROJECT_MEMBERS, LARGEST_MEMBERS)}) g`,
  },
  {
    table: 'invitations',
    rows: LARGE_ORGANIZATIONS * INVITATIONS,
    sql: `INSERT INTO invitations (id, organization_id, email, role_id, projects, expired_in, created_by_id, created_at)
          SELECT ${id('i', `o * ${INVITATIONS} + g`, 21)}, ${id('o', 'o', 8)}, 'invitee' || g || '@' || (${DOMAINS})[1 + g % 5], ${id('r', 'o', 8)} || 'me',
                 CASE WHEN o = 0 AND g % 2 = 0 THEN jsonb_build_array(jsonb_build_object('projectId', '${LARGEST_PROJECT}', 'roleId', 'q0000000me')) ELSE '[]'::jsonb END,
                 ${7 * DAY}, 'root000000', now() - g * interval '1 second'
            FROM generate_series(0, ${LARGE_ORGANIZATIONS - 1}) o, generate_series(1, ${INVITATIONS}) g`,
  },
  {
    table: 'audit_events',
    rows: AUDIT_EVENTS,
    sql: `INSERT INTO audit_events (id, occurred_at, actor_account_id, action, target_type, target_id, organization_id, changes, request_id, ip, user_agent)
          SELECT md5('audit' || g)::uuid, now() - g * interval '2 seconds', ${accountId(`1 + g % ${ACCOUNTS}`)}, 'organization.update', 'organization', o, o,
                 '{"name": {"before": "旧名称", "after": "新名称"}}'::jsonb, md5(g::text), '192.0.2.' || g % 250,
                 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'
            FROM generate_series(1, ${AUDIT_EVENTS}) g,
                 LATERAL (SELECT CASE WHEN g % 10 = 0 THEN '${LARGEST}' ELSE ${id('o', `1 + g % ${ORGANIZATIONS - 1}`, 8)} END AS o) x`,
  },
];

/**
 * Loads every table: foreign-key triggers off (the rows are consistent by construction), the
 * indexes that back no constraint dropped during its load and built again afterwards; then
 * VACUUM ANALYZE (the visibility map of a settled database: index-only scans).
 * @param {pg.Client} client
 */
async function seed(client) {
  await client.query(`SET session_replication_role = replica; SET maintenance_work_mem = '256MB'; SET synchronous_commit = off`);
  console.log(`Seeding (SCALE=${SCALE}):`);
  for (const { table, rows, sql } of TABLES) {
    const started = performance.now();
    const { rows: indexes } = await client.query(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
        WHERE i.schemaname = 'public' AND i.tablename = $1
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.indexname))::regclass)`,
      [table],
    );
    for (const { indexname } of indexes) await client.query(`DROP INDEX ${indexname}`);
    await client.query(sql);
    const loaded = performance.now();
    for (const { indexdef } of indexes) await client.query(indexdef);
    const done = performance.now();
    console.log(
      `  ${table.padEnd(26)} ${rows.toLocaleString('en').padStart(11)} rows  ${((done - started) / 1000).toFixed(1).padStart(6)} s (load ${((loaded - started) / 1000).toFixed(1)} s, ${indexes.length} indexes ${((done - loaded) / 1000).toFixed(1)} s)`,
    );
  }
  const { rows: astray } = /** @type {{ rows: { count: number }[] }} */ (
    await client.query(`SELECT count(*)::int AS count FROM projects p JOIN organizations o ON o.id = p.organization_id WHERE p.organization_name <> o.name`)
  );
  if (astray[0]?.count !== 0) throw new Error(`${astray[0]?.count} projects were seeded with another name than their organization's`);
  // The load's dirty pages are written out by the CHECKPOINT, not by the checkpoints and the
  // kernel's writeback while the first calls are measured.
  for (const statement of ['VACUUM ANALYZE', 'CHECKPOINT']) {
    const started = performance.now();
    await client.query(statement);
    console.log(`  ${statement.padEnd(26)} ${''.padStart(16)}  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
  }
  const { rows: sizes } = /** @type {{ rows: { database: string, audit_events: string, listings: string }[] }} */ (
    await client.query(
      `SELECT pg_size_pretty(pg_database_size(current_database())) AS database,
            pg_size_pretty(pg_total_relation_size('audit_events')) AS audit_events,
            pg_size_pretty(pg_indexes_size('accounts') + pg_indexes_size('organizations') + pg_indexes_size('projects')
                           + pg_total_relation_size('organization_memberships') + pg_total_relation_size('project_memberships')) AS listings`,
    )
  );
  const size = sizes[0];
  if (size)
    console.log(
      `  size: database ${size.database}, audit events with indexes ${size.audit_events}, memberships and the other tables' indexes ${size.listings}`,
    );
}

/** The SQL of a time as a cursor holds it (the API's keyTime). */
const keyTime = (/** @type {string} */ column) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The statement of the key of the row in the middle of a listing: a cursor there starts a deep page.
 * @param {string} key the key's columns, as the listing's cursor holds them
 * @param {string} from
 * @param {string} order
 */
const middle = (key, from, order) => `SELECT json_build_array(${key}) AS key FROM ${from} ORDER BY ${order} OFFSET (SELECT count(*) FROM ${from}) / 2 LIMIT 1`;

/**
 * @typedef {{ name: string, path: string, body: Record<string, unknown>, caller: 'admin' | 'member', middle: string, searches?: { prefix: string, substring: string } }} Listing
 */

/**
 * Every list call the web makes: the system administrator's, and the largest organization's as
 * each caller sees it.
 * @param {string} memberId
 * @returns {Listing[]}
 */
function listings(memberId) {
  const accountSearches = { prefix: '佐藤', substring: '34567' };
  const inLargest = (/** @type {'admin' | 'member'} */ caller) => [
    {
      name: 'organization/listMembers',
      path: '/organization/listMembers',
      body: { organizationId: LARGEST },
      caller,
      middle: middle(`${keyTime('created_at')}, account_id`, `organization_memberships WHERE organization_id = '${LARGEST}'`, 'created_at, account_id'),
      searches: accountSearches,
    },
    {
      name: 'project/listMembers',
      path: '/project/listMembers',
      body: { projectId: LARGEST_PROJECT },
      caller,
      middle: middle(`${keyTime('created_at')}, account_id`, `project_memberships WHERE project_id = '${LARGEST_PROJECT}'`, 'created_at, account_id'),
      searches: accountSearches,
    },
    {
      name: 'invitation/listInOrganization',
      path: '/invitation/listInOrganization',
      body: { organizationId: LARGEST },
      caller,
      middle: middle(
        `${keyTime('created_at')}, id`,
        `invitations WHERE organization_id = '${LARGEST}' AND accepted_at IS NULL AND cancelled_at IS NULL`,
        'created_at DESC, id DESC',
      ),
      searches: { prefix: 'invitee1', substring: '4567' },
    },
    {
      name: 'invitation/listInProject',
      path: '/invitation/listInProject',
      body: { projectId: LARGEST_PROJECT },
      caller,
      middle: middle(
        `${keyTime('created_at')}, id`,
        `invitations WHERE projects @> '[{"projectId": "${LARGEST_PROJECT}"}]' AND accepted_at IS NULL AND cancelled_at IS NULL`,
        'created_at DESC, id DESC',
      ),
      searches: { prefix: 'invitee1', substring: '4567' },
    },
    {
      name: 'organization/listAuditEvents',
      path: '/organization/listAuditEvents',
      body: { organizationId: LARGEST },
      caller,
      middle: middle(`${keyTime('occurred_at')}, id`, `audit_events WHERE organization_id = '${LARGEST}'`, 'occurred_at DESC, id DESC'),
    },
  ];
  const memberOrganizations = `organizations o WHERE EXISTS (SELECT 1 FROM organization_memberships om WHERE om.organization_id = o.id AND om.account_id = '${memberId}')`;
  return [
    {
      name: 'systemAdmin/account/list',
      path: '/systemAdmin/account/list',
      body: {},
      caller: 'admin',
      middle: middle(`${keyTime('created_at')}, id`, 'accounts', 'created_at, id'),
      searches: accountSearches,
    },
    {
      name: 'system-admin/organization/listAll',
      path: '/system-admin/organization/listAll',
      body: {},
      caller: 'admin',
      middle: middle('name, id', 'organizations', 'name, id'),
      searches: { prefix: '佐藤商事', substring: '4567' },
    },
    {
      name: 'system-admin/project/listAll',
      path: '/system-admin/project/listAll',
      body: {},
      caller: 'admin',
      middle: middle('o.name, o.id, p.name, p.id', 'projects p JOIN organizations o ON o.id = p.organization_id', 'o.name, o.id, p.name, p.id'),
      searches: { prefix: 'ウェブサイト', substring: '4567' },
    },
    {
      name: 'systemAdmin/auditEvent/list',
      path: '/systemAdmin/auditEvent/list',
      body: {},
      caller: 'admin',
      middle: middle(`${keyTime('occurred_at')}, id`, 'audit_events', 'occurred_at DESC, id DESC'),
    },
    ...inLargest('admin'),
    {
      name: 'organization/listOfAccount',
      path: '/organization/listOfAccount',
      body: {},
      caller: 'member',
      middle: middle('o.name, o.id', memberOrganizations, 'o.name, o.id'),
      searches: { prefix: '佐藤', substring: '商事' },
    },
    {
      name: 'project/listInAccount',
      path: '/project/listInAccount',
      body: {},
      caller: 'member',
      middle: middle(
        'o.name, o.id, p.name, p.id',
        `projects p JOIN ${memberOrganizations.replace('organizations o WHERE', 'organizations o ON o.id = p.organization_id WHERE')}`,
        'o.name, o.id, p.name, p.id',
      ),
      searches: { prefix: 'ウェブサイト', substring: '4567' },
    },
    ...inLargest('member'),
  ];
}

/** @param {number[]} latencies */
function summary(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

/**
 * The clients' connections to the API, kept open from case to case as the web's nginx keeps its
 * upstream connections (keepalive, 4 s idle): opened by CLIENTS concurrent calls of /healthz.
 * @param {string} base
 */
async function openConnections(base) {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  await Promise.all(Array.from({ length: CLIENTS }, () => send(agent, base, { label: '/healthz', method: 'GET', path: '/healthz' }, '')));
  return agent;
}

/**
 * The CPU time (ms) used so far by the API process, by the database's backends (but the
 * benchmark's own connection; NaN where /proc does not show them) and by this process.
 * @param {pg.Client} database
 * @param {number | undefined} apiPid
 */
async function cpuNow(database, apiPid) {
  const { rows } = /** @type {{ rows: { pid: number }[] }} */ (
    await database.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`)
  );
  const usage = process.cpuUsage();
  return {
    api: cpuMsOf(apiPid),
    backends: new Map(rows.map(({ pid }) => [pid, cpuMsOf(pid)])),
    clients: (usage.user + usage.system) / 1000,
  };
}

/**
 * CPU ms per call between two readings of {@link cpuNow}. A backend that started in between
 * counts from zero; one that ended in between is not counted.
 * @param {Awaited<ReturnType<typeof cpuNow>>} before
 * @param {Awaited<ReturnType<typeof cpuNow>>} after
 * @param {number} calls
 */
function cpuPerCall(before, after, calls) {
  let postgres = 0;
  for (const [pid, ms] of after.backends) postgres += ms - (before.backends.get(pid) ?? 0);
  return { api: (after.api - before.api) / calls, postgres: postgres / calls, clients: (after.clients - before.clients) / calls };
}

/**
 * REQUESTS requests one after the other, then CLIENTS clients sending REQUESTS / 4 each, on the
 * clients' connections (new ones for this call with SCALE_FRESH_CONNECTIONS); the latencies of
 * each, and the CPU per call of the concurrent ones.
 * @param {Agent} connections
 * @param {string} base
 * @param {import('./bench/server.mjs').Call} call
 * @param {string} token
 * @param {() => Promise<Awaited<ReturnType<typeof cpuNow>>>} readCpu
 */
async function measure(connections, base, call, token, readCpu) {
  const agent = FRESH_CONNECTIONS ? new Agent({ keepAlive: true, maxSockets: CLIENTS }) : connections;
  const timed = async () => {
    const t0 = performance.now();
    const { status, body } = await send(agent, base, call, token);
    if (status !== 200) throw new Error(`${call.label} answered ${status}: ${body.slice(0, 300)}`);
    return performance.now() - t0;
  };
  await timed();
  /** @type {number[]} */
  const sequential = [];
  for (let i = 0; i < REQUESTS; i += 1) sequential.push(await timed());
  /** @type {number[]} */
  const concurrent = [];
  const cpuBefore = await readCpu();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let i = 0; i < Math.max(1, Math.round(REQUESTS / 4)); i += 1) concurrent.push(await timed());
    }),
  );
  const cpu = cpuPerCall(cpuBefore, await readCpu(), concurrent.length);
  if (agent !== connections) agent.destroy();
  return { sequential: summary(sequential), concurrent: summary(concurrent), cpu };
}

/** @param {number | undefined} pid */
function rssKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
}

/**
 * The CSV export of the largest organization's audit log, read to its end: rows/s and the API
 * process's peak RSS growth (VmRSS sampled every 10 ms, from just before the call).
 * @param {string} base
 * @param {number | undefined} pid
 * @param {string} token
 */
async function measureExport(base, pid, token) {
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 10);
  const started = performance.now();
  const lines = await new Promise(
    /** @param {(lines: number) => void} resolve @param {(error: Error) => void} reject */
    (resolve, reject) => {
      const req = httpRequest(
        `${base}/organization/exportAuditEvents`,
        { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`export answered ${res.statusCode}`));
          let count = 0;
          res.on('data', (/** @type {Buffer} */ chunk) => {
            for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) count += 1;
          });
          res.on('end', () => resolve(count));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ organizationId: LARGEST }));
    },
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssKb(pid));
  // Every line ends in CRLF, the header's too; a quoted cell may not hold a line break here.
  return { rows: lines - 1, seconds, rowsPerSecond: (lines - 1) / seconds, rssGrowthMb: (peak - before) / 1024 };
}

const fmt = (/** @type {number} */ ms) => ms.toFixed(1).padStart(7);
const cpuFmt = (/** @type {number} */ ms) => (Number.isNaN(ms) ? '–' : ms.toFixed(2)).padStart(5);

const workDir = mkdtempSync(join(tmpdir(), 'console-bench-scale-'));
const database = await startTestDatabase();
if (database.embedded) throw new Error('bench:scale needs a Postgres server (TEST_DATABASE_URL or 127.0.0.1:5432)');
const emulator = await startAuthEmulator({ projectId: 'demo-console-bench', lazyValidation: true });
const client = new pg.Client({ connectionString: database.url });
/** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
let api;
let missed = 0;
try {
  api = await startServer({
    name: 'api',
    script: process.env.BENCH_API_MAIN ?? createRequire(import.meta.url).resolve('@console/api'),
    logDir: workDir,
    env: benchApiEnv(database, emulator),
    nodeArgs: DEPLOYED_NODE_ARGS,
  });
  const admin = await signUp(emulator.host, api.url, 'scale-admin@console.example.jp');
  const member = await signUp(emulator.host, api.url, 'scale-member@example.com');
  await client.connect();
  await seed(client);
  await client.query(`UPDATE accounts SET is_system_admin = true WHERE id = $1`, [admin.id]);
  await client.query(
    `INSERT INTO organization_memberships (account_id, organization_id, role_id, created_by_id, updated_by_id)
     SELECT $1, o, 'r' || substr(o, 2) || CASE o WHEN '${LARGEST}' THEN 'ad' ELSE 'me' END, 'root000000', 'root000000' FROM unnest(ARRAY['${LARGEST}', 'o0000001', 'o0000002']) o`,
    [member.id],
  );
  await client.query(
    `INSERT INTO project_memberships (account_id, project_id, organization_id, role_id, created_by_id, updated_by_id) VALUES ($1, '${LARGEST_PROJECT}', '${LARGEST}', 'q0000000ad', 'root000000', 'root000000')`,
    [member.id],
  );

  console.log(
    `\n${REQUESTS} sequential requests, then ${CLIENTS} concurrent clients × ${Math.max(1, Math.round(REQUESTS / 4))} on ${FRESH_CONNECTIONS ? 'new connections for each case' : 'connections kept open'}; ms; targets p95: page ≤ ${TARGET.page}, search ≤ ${TARGET.search}; ` +
      `CPU ms per concurrent call of the API, of Postgres and of the clients (${availableParallelism()} cores)`,
  );
  console.log(
    `${'call'.padEnd(34)} ${'caller'.padEnd(6)} ${'case'.padEnd(10)}  seq p50     p95     p99   conc p50     p95     p99  CPU  API    PG  clients  result`,
  );
  const connections = await openConnections(api.url);
  const readCpu = () => cpuNow(client, api?.pid);
  /** @type {ReturnType<typeof cpuPerCall>[]} */
  const cpus = [];
  for (const listing of ONLY === 'export' ? [] : listings(member.id)) {
    const { rows } = /** @type {{ rows: { key: unknown }[] }} */ (await client.query(listing.middle));
    const key = rows[0]?.key;
    /** @type {{ name: string, body: Record<string, unknown>, target: number }[]} */
    const cases = [
      { name: 'first', body: {}, target: TARGET.page },
      ...(key === undefined ? [] : [{ name: 'deep', body: { cursor: Buffer.from(JSON.stringify(key)).toString('base64url') }, target: TARGET.page }]),
      ...(listing.searches
        ? [
            { name: 'prefix', body: { query: listing.searches.prefix }, target: TARGET.search },
            { name: 'substring', body: { query: listing.searches.substring }, target: TARGET.search },
          ]
        : []),
    ];
    for (const c of cases) {
      const token = listing.caller === 'admin' ? admin.token : member.token;
      const {
        sequential: s,
        concurrent: k,
        cpu,
      } = await measure(
        connections,
        api.url,
        { label: `${listing.path} ${c.name}`, method: 'POST', path: listing.path, body: { ...listing.body, limit: PAGE, ...c.body } },
        token,
        readCpu,
      );
      const pass = s.p95 <= c.target && k.p95 <= c.target;
      if (!pass) missed += 1;
      cpus.push(cpu);
      console.log(
        `${listing.name.padEnd(34)} ${listing.caller.padEnd(6)} ${c.name.padEnd(10)} ${fmt(s.p50)} ${fmt(s.p95)} ${fmt(s.p99)}   ${fmt(k.p50)} ${fmt(k.p95)} ${fmt(k.p99)}  ${cpuFmt(cpu.api)} ${cpuFmt(cpu.postgres)} ${cpuFmt(cpu.clients)}    ${pass ? 'pass' : `MISS (> ${c.target})`}`,
      );
    }
  }
  connections.destroy();
  if (cpus.length > 0) {
    const mean = (/** @type {'api' | 'postgres' | 'clients'} */ side) => cpus.reduce((sum, cpu) => sum + cpu[side], 0) / cpus.length;
    const perCall = mean('api') + mean('postgres') + mean('clients');
    console.log(
      `\nCPU per concurrent call, mean of the ${cpus.length} cases: API ${cpuFmt(mean('api')).trim()} ms, Postgres ${cpuFmt(mean('postgres')).trim()} ms, clients ${cpuFmt(mean('clients')).trim()} ms: ` +
        `${CLIENTS} calls in flight on ${availableParallelism()} cores wait about ${CLIENTS} × ${perCall.toFixed(2)} / ${availableParallelism()} = ${((CLIENTS * perCall) / availableParallelism()).toFixed(0)} ms each`,
    );
  }

  if (ONLY !== 'listings') {
    const runs = [];
    for (let i = 0; i < EXPORT_RUNS; i += 1) runs.push(await measureExport(api.url, api.pid, member.token));
    reportExport(runs);
  }
  console.log(missed === 0 ? '\nEvery target met.' : `\n${missed} target(s) missed.`);
} finally {
  await api?.stop();
  await client.end().catch(() => {});
  await emulator.stop();
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
}
if (missed > 0) process.exitCode = 1;

/**
 * The export's median rate and its largest RSS growth over the runs.
 * @param {Awaited<ReturnType<typeof measureExport>>[]} runs
 */
function reportExport(runs) {
  const rate = percentile(
    runs.map((run) => run.rowsPerSecond).sort((a, b) => a - b),
    50,
  );
  const growth = Math.max(...runs.map((run) => run.rssGrowthMb));
  const csvPass = rate >= TARGET.csvRowsPerSecond && growth <= TARGET.csvRssMb;
  if (!csvPass) missed += 1;
  console.log(
    `\nAudit CSV export of ${LARGEST}, ${runs.length} runs: ${runs.map((run) => `${run.rows.toLocaleString('en')} rows in ${run.seconds.toFixed(1)} s (RSS +${run.rssGrowthMb.toFixed(1)} MB)`).join(', ')}; ` +
      `median ${Math.round(rate).toLocaleString('en')} rows/s (target ≥ ${TARGET.csvRowsPerSecond.toLocaleString('en')}), ` +
      `largest peak RSS growth ${growth.toFixed(1)} MB (target ≤ ${TARGET.csvRssMb}): ${csvPass ? 'pass' : 'MISS'}`,
  );
}
