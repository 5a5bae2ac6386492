// @ts-check
// `pnpm bench:export`: the organization export (POST /organization/export, one streamed ZIP archive)
// of a large organization, on a throwaway database of the local Postgres (dropped afterwards) and
// the Auth Emulator (docs/operations.md#export-benchmark).
// 1. Seeds, server-side (INSERT … SELECT FROM generate_series, foreign-key triggers off): one
//    organization with 100,000 members (10,000 of them in one of its 10 projects), 1,000
//    invitations and 1,000,000 audit events; then VACUUM ANALYZE.
// 2. Starts the API twice, with the Node options of its deployment (DEPLOYED_NODE_ARGS: the
//    heap limits of the Kubernetes manifest) and with Node's defaults, and downloads the export
//    through HTTP EXPORT_RUNS times (default 2) from each: time, rows/s, the archive's size and the
//    API process's peak RSS growth (VmRSS of /proc/<pid>/status sampled every 50 ms from just
//    before the call; target ≤ 50 MB for the deployment's options; with Node's defaults the young
//    generation alone may grow by 2 × 60 MB on a large machine, so those runs are shown, not judged).
// Exits non-zero when the RSS target is missed. The API is built beforehand: `pnpm bench:export` does it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchApiEnv, DEPLOYED_NODE_ARGS, signUp, startServer } from './bench/server.mjs';
import { startAuthEmulator, startTestDatabase } from './stack.mjs';

const MEMBERS = 100_000;
const PROJECTS = 10;
const PROJECT_MEMBERS = 10_000;
const INVITATIONS = 1_000;
const AUDIT_EVENTS = 1_000_000;
const RUNS = Number(process.env.EXPORT_RUNS ?? 2);
const TARGET_RSS_MB = 50;
const SAMPLE_MS = 50;

const ORGANIZATION = 'o0000000';
const BY = `'root000000', '2020-01-01T00:00:00Z'::timestamptz + g * interval '1 second', 'root000000', '2020-01-01T00:00:00Z'::timestamptz + g * interval '1 second'`;
const FAMILY = `ARRAY['佐藤','鈴木','高橋','田中','伊藤','渡辺','山本','中村','小林','加藤','吉田','山田']`;
const GIVEN = `ARRAY['太郎','花子','一郎','陽子','健太','美咲','翔太','由美','大輔','直樹','彩','拓也']`;
/** An id of the product: the prefix, then the number zero-padded to `length` characters. */
const id = (/** @type {string} */ prefix, /** @type {string} */ n, /** @type {number} */ length) =>
  `'${prefix}' || lpad((${n})::text, ${length - prefix.length}, '0')`;

const TABLES = [
  {
    table: 'accounts',
    rows: MEMBERS,
    sql: `INSERT INTO accounts (id, idaas_id, name, email, created_by_id, created_at, updated_by_id, updated_at)
          SELECT ${id('a', 'g', 10)}, 'export-' || g, (${FAMILY})[1 + g % 12] || ' ' || (${GIVEN})[1 + (g / 12) % 12], 'user' || g || '@example.com', ${BY}
            FROM generate_series(1, ${MEMBERS}) g`,
  },
  {
    table: 'organizations',
    rows: 1,
    sql: `INSERT INTO organizations (id, name, created_by_id, created_at, updated_by_id, updated_at)
          SELECT '${ORGANIZATION}', '大規模商事', ${BY} FROM generate_series(1, 1) g`,
  },
  {
    table: 'projects',
    rows: PROJECTS,
    // The organization's name on the project is written here: the triggers that keep it are off during the load.
    sql: `INSERT INTO projects (id, organization_id, organization_name, name, product_settings, created_by_id, created_at, updated_by_id, updated_at)
          SELECT ${id('p', 'g', 8)}, '${ORGANIZATION}', '大規模商事', 'プロジェクト ' || g,
                 CASE WHEN g % 2 = 0 THEN '{"knowledge": {"plan": "enterprise"}}'::jsonb ELSE '{}'::jsonb END, ${BY}
            FROM generate_series(0, ${PROJECTS - 1}) g`,
  },
  {
    table: 'roles',
    rows: 2 + 2 * PROJECTS,
    sql: `INSERT INTO roles (id, organization_id, project_id, key, name, description, is_preset, created_by_id, created_at, updated_by_id, updated_at)
          SELECT 'r0000000' || k, '${ORGANIZATION}', NULL, CASE k WHEN 'ad' THEN 'admin' ELSE 'member' END, CASE k WHEN 'ad' THEN '管理者' ELSE 'メンバー' END, '', true, ${BY}
            FROM generate_series(1, 1) g, (VALUES ('ad'), ('me')) r(k)
          UNION ALL
          SELECT ${id('q', 'g', 8)} || k, '${ORGANIZATION}', ${id('p', 'g', 8)}, CASE k WHEN 'ad' THEN 'admin' ELSE 'member' END, CASE k WHEN 'ad' THEN '管理者' ELSE 'メンバー' END, '', true, ${BY}
            FROM generate_series(0, ${PROJECTS - 1}) g, (VALUES ('ad'), ('me')) r(k)`,
  },
  {
    table: 'organization_memberships',
    rows: MEMBERS,
    sql: `INSERT INTO organization_memberships (account_id, organization_id, role_id, created_by_id, created_at, updated_by_id, updated_at)
          SELECT ${id('a', 'g', 10)}, '${ORGANIZATION}', CASE WHEN g <= 10 THEN 'r0000000ad' ELSE 'r0000000me' END, ${BY} FROM generate_series(1, ${MEMBERS}) g`,
  },
  {
    table: 'project_memberships',
    rows: PROJECT_MEMBERS,
    sql: `INSERT INTO project_memberships (account_id, project_id, organization_id, role_id, created_by_id, created_at, updated_by_id, updated_at)
          SELECT ${id('a', 'g', 10)}, 'p0000000', '${ORGANIZATION}', 'q0000000me', ${BY} FROM generate_series(1, ${PROJECT_MEMBERS}) g`,
  },
  {
    table: 'invitations',
    rows: INVITATIONS,
    sql: `INSERT INTO invitations (id, organization_id, email, role_id, projects, expired_in, created_by_id, created_at)
          SELECT ${id('i', 'g', 21)}, '${ORGANIZATION}', 'invitee' || g || '@example.net', 'r0000000me',
                 jsonb_build_array(jsonb_build_object('projectId', 'p0000001', 'roleId', 'q0000001me')), 604800, 'root000000', now() - g * interval '1 minute'
            FROM generate_series(1, ${INVITATIONS}) g`,
  },
  {
    table: 'audit_events',
    rows: AUDIT_EVENTS,
    sql: `INSERT INTO audit_events (id, occurred_at, actor_account_id, action, target_type, target_id, organization_id, changes, request_id, ip, user_agent)
          SELECT md5('audit' || g)::uuid, now() - g * interval '2 seconds', ${id('a', `1 + g % ${MEMBERS}`, 10)}, 'organization.update', 'organization', '${ORGANIZATION}', '${ORGANIZATION}',
                 '{"name": {"before": "旧名称", "after": "新名称"}}'::jsonb, md5(g::text), '192.0.2.' || g % 250,
                 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'
            FROM generate_series(1, ${AUDIT_EVENTS}) g`,
  },
];

/** @param {pg.Client} client */
async function seed(client) {
  await client.query(`SET session_replication_role = replica; SET maintenance_work_mem = '256MB'; SET synchronous_commit = off`);
  console.log('Seeding:');
  for (const { table, rows, sql } of TABLES) {
    const started = performance.now();
    await client.query(sql);
    console.log(`  ${table.padEnd(26)} ${rows.toLocaleString('en').padStart(11)} rows  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
  }
  const started = performance.now();
  await client.query('VACUUM ANALYZE');
  console.log(`  ${'VACUUM ANALYZE'.padEnd(26)} ${''.padStart(16)}  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
}

/** @param {number | undefined} pid */
function rssKb(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
}

/**
 * Downloads the export to its end (counting its bytes, keeping none): time, rows (X-Export-Rows),
 * size and the API process's peak RSS growth.
 * @param {string} base
 * @param {number | undefined} pid
 * @param {string} token
 */
async function measureExport(base, pid, token) {
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), SAMPLE_MS);
  const started = performance.now();
  const { rows, bytes, tail } = await new Promise(
    /** @param {(result: { rows: number, bytes: number, tail: Buffer }) => void} resolve @param {(error: Error) => void} reject */
    (resolve, reject) => {
      const req = httpRequest(
        `${base}/organization/export`,
        { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`export answered ${res.statusCode}`));
          let size = 0;
          let last = Buffer.alloc(0);
          res.on('data', (/** @type {Buffer} */ chunk) => {
            size += chunk.length;
            last = Buffer.concat([last, chunk]).subarray(-22);
          });
          res.on('end', () => resolve({ rows: Number(res.headers['x-export-rows']), bytes: size, tail: last }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ organizationId: ORGANIZATION }));
    },
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssKb(pid));
  // The archive ends with its central directory's end record (no comment).
  if (tail.readUInt32LE(0) !== 0x06054b50) throw new Error('the export is not a complete ZIP archive');
  return { rows, seconds, bytes, rowsPerSecond: rows / seconds, rssBeforeMb: before / 1024, rssGrowthMb: (peak - before) / 1024 };
}

const workDir = mkdtempSync(join(tmpdir(), 'console-bench-export-'));
const database = await startTestDatabase();
if (database.embedded) throw new Error('bench:export needs a Postgres server (TEST_DATABASE_URL or 127.0.0.1:5432)');
const emulator = await startAuthEmulator({ projectId: 'demo-console-bench', lazyValidation: true });
const client = new pg.Client({ connectionString: database.url });
const env = benchApiEnv(database, emulator);
const script = process.env.BENCH_API_MAIN ?? createRequire(import.meta.url).resolve('@console/api');
let missed = 0;
try {
  await client.connect();
  /** @type {{ label: string, nodeArgs: string[], judged: boolean }[]} */
  const configurations = [
    { label: 'deployment', nodeArgs: DEPLOYED_NODE_ARGS, judged: true },
    { label: 'Node defaults', nodeArgs: [], judged: false },
  ];
  let admin;
  for (const { label, nodeArgs, judged } of configurations) {
    const api = await startServer({ name: `api-${judged ? 'deployment' : 'defaults'}`, script, env, logDir: workDir, nodeArgs });
    try {
      // The first API process has migrated the database.
      if (!admin) {
        admin = await signUp(emulator.host, api.url, 'export-admin@console.example.jp');
        await seed(client);
        console.log(
          `\nExport of ${ORGANIZATION} (${MEMBERS.toLocaleString('en')} members, ${AUDIT_EVENTS.toLocaleString('en')} audit events), ${RUNS} runs per API process:`,
        );
      }
      await client.query(`UPDATE accounts SET is_system_admin = true WHERE id = $1`, [admin.id]);
      for (let run = 1; run <= RUNS; run += 1) {
        const r = await measureExport(api.url, api.pid, admin.token);
        const pass = r.rssGrowthMb <= TARGET_RSS_MB;
        if (judged && !pass) missed += 1;
        console.log(
          `  ${label.padEnd(26)} run ${run}: ${r.rows.toLocaleString('en')} rows in ${r.seconds.toFixed(1)} s, ${Math.round(r.rowsPerSecond).toLocaleString('en')} rows/s, ` +
            `ZIP ${(r.bytes / 1024 / 1024).toFixed(1)} MB, RSS ${r.rssBeforeMb.toFixed(0)} MB before, peak growth +${r.rssGrowthMb.toFixed(1)} MB ` +
            (judged ? `(target ≤ ${TARGET_RSS_MB}): ${pass ? 'pass' : 'MISS'}` : '(not judged)'),
        );
      }
    } finally {
      await api.stop();
    }
  }
  console.log(missed === 0 ? '\nEvery judged run met the RSS target.' : `\n${missed} run(s) missed the RSS target.`);
} finally {
  await client.end().catch(() => {});
  await emulator.stop();
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
}
if (missed > 0) process.exitCode = 1;
