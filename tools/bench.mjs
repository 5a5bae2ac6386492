// @ts-check
// `pnpm bench`: the API against a raw baseline (tools/bench/baseline.mjs: node:http + pg, the same
// token check and the same SQL), on a throwaway Postgres database and the Auth Emulator.
// 1. A signed-in user in organizations with members and projects, first 100 of each, then 10,000:
//    for each size, the hot calls are sent to the API and to the baseline in turn, round by round
//    (BENCH_ROUNDS, default 5, of BENCH_SECONDS, default 2 s, per call and server, 16 concurrent
//    keep-alive connections); the table shows req/s, p50, p99 (ms), the ratio API/baseline, and the
//    CPU time each server spent per request (from /proc: it varies less than req/s on a machine
//    busy with other work). With BENCH_CPU_PROF=<dir>, the measured API writes a CPU profile
//    (node --cpu-prof) there as it stops; with BENCH_API_MAIN=<file>, that build of the API is
//    measured instead of the API's main entry (@console/api: an earlier build, to compare).
// 2. Cold start: from spawning the process to /readyz answering 200, median of 5, of both (with
//    the CPU time spent until then). The API as its image starts it (in production, with no look
//    for pending migrations): with Node's compile cache and the module resolutions written
//    beforehand by @console/api/prepare-compile-cache (as the image's build does), a fresh copy of
//    them for each start; then with an empty cache (which the start writes, with no module
//    resolutions) and without one.
// 3. The web app's measurement (tools/bench-web.mjs), when there is one.
// The API (and, for step 3, the web app) is built beforehand: `pnpm bench` does it.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { percentile, send, signUp, startServer as startBenchServer } from './bench/server.mjs';
import { ROOT, startAuthEmulator, startTestDatabase } from './stack.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONCURRENCY = 16;
const COLD_STARTS = 5;
const SIZES = [100, 10_000];
/** The organization whose members are listed; the user belongs to ORGANIZATIONS organizations holding the projects. */
const ORGANIZATIONS = 10;
const LISTED_ORGANIZATION = 'BnchOr00';
const PAGE = 50;

/** @typedef {import('./bench/server.mjs').Call} Call */
/** @typedef {import('./bench/server.mjs').Server} Server */
/** @typedef {{ requests: number, seconds: number, latencies: number[], unexpected: number, cpuMs: number }} Sample */

const workDir = mkdtempSync(join(tmpdir(), 'console-bench-'));

/** @param {number[]} values */
function median(values) {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/**
 * @param {string} name
 * @param {string} script
 * @param {Record<string, string>} env
 * @param {string[]} [nodeArgs]
 */
const startServer = (name, script, env, nodeArgs = []) => startBenchServer({ name, script, env, logDir: workDir, nodeArgs });

/**
 * Sends `call` from CONCURRENCY connections for `seconds`.
 * @param {Server} server
 * @param {Call} call
 * @param {string} token
 * @param {number} seconds
 * @returns {Promise<Sample>}
 */
async function load(server, call, token, seconds) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  /** @type {number[]} */
  const latencies = [];
  let unexpected = 0;
  const cpuBefore = server.cpuMs();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const { status } = await send(agent, server.url, call, token);
        latencies.push(performance.now() - t0);
        if (status !== 200) unexpected += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests: latencies.length, seconds: elapsed, latencies, unexpected, cpuMs: server.cpuMs() - cpuBefore };
}

/**
 * @param {string} url
 * @param {string} text
 * @param {unknown[]} [values]
 */
async function sql(url, text, values = []) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * Brings the data set to `size` members of LISTED_ORGANIZATION (the user included) and `size`
 * projects spread over the user's ORGANIZATIONS organizations, each with its two preset roles.
 * @param {string} url
 * @param {string} accountId the signed-in user's account
 * @param {number} size
 */
async function seed(url, accountId, size) {
  const by = [accountId, accountId];
  await sql(
    url,
    `INSERT INTO organizations (id, name, created_by_id, updated_by_id)
     SELECT 'BnchOr' || lpad(o::text, 2, '0'), '組織 ' || lpad(o::text, 2, '0'), $1, $2 FROM generate_series(0, ${ORGANIZATIONS - 1}) o
     ON CONFLICT DO NOTHING`,
    by,
  );
  await sql(
    url,
    `INSERT INTO roles (id, organization_id, key, name, description, is_preset, created_by_id, updated_by_id)
     SELECT 'BnOr' || k || lpad(o::text, 4, '0'), 'BnchOr' || lpad(o::text, 2, '0'), CASE k WHEN 'Ad' THEN 'admin' ELSE 'member' END,
            CASE k WHEN 'Ad' THEN '管理者' ELSE 'メンバー' END, CASE k WHEN 'Ad' THEN '組織を管理・設定できます' ELSE '組織を閲覧できます' END, true, $1, $2
     FROM generate_series(0, ${ORGANIZATIONS - 1}) o, (VALUES ('Ad'), ('Me')) AS r(k)
     ON CONFLICT DO NOTHING`,
    by,
  );
  await sql(
    url,
    `INSERT INTO organization_memberships (account_id, organization_id, role_id, created_by_id, updated_by_id)
     SELECT $1, 'BnchOr' || lpad(o::text, 2, '0'), 'BnOrAd' || lpad(o::text, 4, '0'), $1, $2 FROM generate_series(0, ${ORGANIZATIONS - 1}) o
     ON CONFLICT DO NOTHING`,
    by,
  );
  await sql(
    url,
    `INSERT INTO accounts (id, idaas_id, name, email, created_by_id, updated_by_id)
     SELECT 'BnAc' || lpad(i::text, 6, '0'), 'bench-member-' || i, 'メンバー ' || lpad(i::text, 5, '0'), 'member-' || i || '@example.com', $1, $2
     FROM generate_series(1, ${size - 1}) i
     ON CONFLICT DO NOTHING`,
    by,
  );
  await sql(
    url,
    `INSERT INTO organization_memberships (account_id, organization_id, role_id, created_by_id, updated_by_id)
     SELECT 'BnAc' || lpad(i::text, 6, '0'), '${LISTED_ORGANIZATION}', 'BnOrMe0000', $1, $2 FROM generate_series(1, ${size - 1}) i
     ON CONFLICT DO NOTHING`,
    by,
  );
  await sql(
    url,
    `INSERT INTO projects (id, organization_id, name, created_by_id, updated_by_id)
     SELECT 'Bp' || lpad(i::text, 6, '0'), 'BnchOr' || lpad((i % ${ORGANIZATIONS})::text, 2, '0'), 'プロジェクト ' || lpad(i::text, 5, '0'), $1, $2
     FROM generate_series(0, ${size - 1}) i
     ON CONFLICT DO NOTHING`,
    by,
  );
  await sql(
    url,
    `INSERT INTO roles (id, organization_id, project_id, key, name, description, is_preset, created_by_id, updated_by_id)
     SELECT 'Bp' || k || lpad(i::text, 6, '0'), 'BnchOr' || lpad((i % ${ORGANIZATIONS})::text, 2, '0'), 'Bp' || lpad(i::text, 6, '0'),
            CASE k WHEN 'Ad' THEN 'admin' ELSE 'member' END, CASE k WHEN 'Ad' THEN '管理者' ELSE 'メンバー' END,
            CASE k WHEN 'Ad' THEN 'プロジェクトを管理・設定できます' ELSE 'プロジェクトを閲覧・利用できます' END, true, $1, $2
     FROM generate_series(0, ${size - 1}) i, (VALUES ('Ad'), ('Me')) AS r(k)
     ON CONFLICT DO NOTHING`,
    by,
  );
  await sql(url, 'ANALYZE');
}

/**
 * The statements the API sends for each POST call, from an API started with
 * tools/bench/capture-sql.cjs (and without background work): the same list on two calls in a row,
 * once caches are warm; written to a file for the baseline.
 * @param {Server} capturing
 * @param {string} captureFile
 * @param {Call[]} calls
 * @param {string} token
 * @param {string} file
 */
async function captureStatements(capturing, captureFile, calls, token, file) {
  /** @type {Record<string, unknown[]>} */
  const statements = {};
  const agent = new Agent({ keepAlive: true });
  const captureOne = async (/** @type {Call} */ call) => {
    writeFileSync(captureFile, '');
    const { status } = await send(agent, capturing.url, call, token);
    if (status !== 200) throw new Error(`${call.path} answered ${status} while capturing its statements`);
    return readFileSync(captureFile, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => /** @type {unknown} */ (JSON.parse(line)));
  };
  for (const call of calls.filter((c) => c.method === 'POST')) {
    let previous = await captureOne(call);
    for (let attempt = 0; ; attempt += 1) {
      const current = await captureOne(call);
      if (JSON.stringify(current) === JSON.stringify(previous)) {
        statements[call.path] = current;
        break;
      }
      if (attempt === 5) {
        const lines = (/** @type {unknown[]} */ list) => list.map((statement) => JSON.stringify(statement).slice(0, 300));
        const before = lines(previous);
        const after = lines(current);
        const differing = [...before.filter((l) => !after.includes(l)).map((l) => `- ${l}`), ...after.filter((l) => !before.includes(l)).map((l) => `+ ${l}`)];
        throw new Error(`${call.path} did not send the same statements twice in a row; the last two calls differ in:\n${differing.join('\n')}`);
      }
      previous = current;
    }
  }
  agent.destroy();
  writeFileSync(file, JSON.stringify(statements));
  return statements;
}

/** @param {number} ms */
const fmt = (ms) => ms.toFixed(1).padStart(6);

/**
 * Sends every call to the API and the baseline in turn, ROUNDS times, and prints the table.
 * @param {number} size
 * @param {Call[]} calls
 * @param {Server} api
 * @param {Server} baseline
 * @param {string} token
 */
async function compare(size, calls, api, baseline, token) {
  for (const call of calls) {
    await load(api, call, token, 0.5);
    await load(baseline, call, token, 0.5);
  }
  /** @type {Map<string, { api: Sample[], baseline: Sample[] }>} */
  const samples = new Map(calls.map((c) => [c.label, { api: [], baseline: [] }]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const call of calls) {
      const entry = samples.get(call.label);
      if (!entry) continue;
      const order = round % 2 === 0 ? /** @type {const} */ (['api', 'baseline']) : /** @type {const} */ (['baseline', 'api']);
      for (const which of order) entry[which].push(await load(which === 'api' ? api : baseline, call, token, SECONDS));
    }
  }
  console.log(`\n${size.toLocaleString('en')} rows per table — ${ROUNDS} alternating rounds of ${SECONDS} s per call and server, ${CONCURRENCY} connections`);
  console.log(
    `${'call'.padEnd(44)} ${'API req/s'.padStart(9)} ${'base req/s'.padStart(10)} ${'ratio'.padStart(6)}   API p50    p99   base p50    p99   CPU µs/req API  base  unexpected`,
  );
  for (const call of calls) {
    const entry = samples.get(call.label);
    if (!entry) continue;
    /** @param {Sample[]} list */
    const summary = (list) => {
      const latencies = list.flatMap((s) => s.latencies).sort((a, b) => a - b);
      const requests = list.reduce((n, s) => n + s.requests, 0);
      const seconds = list.reduce((n, s) => n + s.seconds, 0);
      const cpuMs = list.reduce((n, s) => n + s.cpuMs, 0);
      return {
        rate: requests / seconds,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        cpuUs: (cpuMs * 1000) / requests,
        unexpected: list.reduce((n, s) => n + s.unexpected, 0),
      };
    };
    const a = summary(entry.api);
    const b = summary(entry.baseline);
    console.log(
      `${call.label.padEnd(44)} ${a.rate.toFixed(0).padStart(9)} ${b.rate.toFixed(0).padStart(10)} ${`${((a.rate / b.rate) * 100).toFixed(0)} %`.padStart(6)}` +
        `   ${fmt(a.p50)} ${fmt(a.p99)}   ${fmt(b.p50)} ${fmt(b.p99)}   ${a.cpuUs.toFixed(0).padStart(14)} ${b.cpuUs.toFixed(0).padStart(5)}  ${a.unexpected + b.unexpected}`,
    );
  }
}

const database = await startTestDatabase();
const emulator = await startAuthEmulator({ projectId: 'demo-console-bench', lazyValidation: true });
const captureFile = join(workDir, 'captured.jsonl');
/** @type {Record<string, string>} */
const env = {
  APP_ENV: 'test',
  DATABASE_URL: database.url,
  FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  FIREBASE_PROJECT_ID: emulator.projectId,
  COMPANY_MAIL_DOMAIN: 'console.example.jp',
  ROOT_ACCOUNT_EMAIL: 'root@console.example.jp',
  LOG_LEVEL: 'info',
  // The benchmark measures the calls, not the rate limits (one client sends thousands a minute).
  RATE_LIMIT_IP_PER_MINUTE: '1000000',
  RATE_LIMIT_ACCOUNT_WRITES_PER_MINUTE: '1000000',
};
const require = createRequire(import.meta.url);
const apiMain = process.env.BENCH_API_MAIN ?? require.resolve('@console/api');
const baselineMain = join(ROOT, 'tools', 'bench', 'baseline.mjs');
/** @type {Server[]} */
const running = [];
try {
  // Without the e-mail worker and the audit retention job, whose queries would be taken for the calls'.
  const capturing = await startServer(
    'api-capture',
    apiMain,
    { ...env, BENCH_SQL_CAPTURE: captureFile, MAIL_WORKER_ENABLED: 'false', AUDIT_RETENTION_DAYS: '0' },
    ['--require', join(ROOT, 'tools', 'bench', 'capture-sql.cjs')],
  );
  running.push(capturing);
  const { token, id: accountId } = await signUp(emulator.host, capturing.url, 'bench@example.com');
  await seed(database.url, accountId, SIZES[0] ?? 100);

  // A page of PAGE rows where the API pages its lists (a `limit` it does not know is refused).
  const probe = await send(
    new Agent(),
    capturing.url,
    { label: '', method: 'POST', path: '/organization/listMembers', body: { organizationId: LISTED_ORGANIZATION, limit: PAGE } },
    token,
  );
  const paging = probe.status === 200;
  const page = paging ? { limit: PAGE } : {};
  /** @type {Call[]} */
  const calls = [
    { label: 'POST /account/get', method: 'POST', path: '/account/get' },
    { label: `POST /project/listInAccount${paging ? ` (page of ${PAGE})` : ' (all)'}`, method: 'POST', path: '/project/listInAccount', body: page },
    {
      label: `POST /organization/listMembers${paging ? ` (page of ${PAGE})` : ' (all)'}`,
      method: 'POST',
      path: '/organization/listMembers',
      body: { organizationId: LISTED_ORGANIZATION, ...page },
    },
    { label: 'GET /healthz', method: 'GET', path: '/healthz' },
  ];
  if (!paging) console.log(`The API does not page its lists (limit refused with ${probe.status}): the list calls answer every row.`);
  console.log(`API benchmark on ${database.embedded ? 'PGlite' : 'Postgres'}, node ${process.version}`);

  const profileDir = process.env.BENCH_CPU_PROF;
  const api = await startServer('api', apiMain, env, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  running.push(api);
  for (const size of SIZES) {
    if (size !== SIZES[0]) await seed(database.url, accountId, size);
    const statementsFile = join(workDir, `statements-${size}.json`);
    const statements = await captureStatements(capturing, captureFile, calls, token, statementsFile);
    console.log(
      `\nStatements per call (sent by both): ${Object.entries(statements)
        .map(([path, list]) => `${path} ${list.length}`)
        .join(', ')}`,
    );
    const baseline = await startServer(`baseline-${size}`, baselineMain, { ...env, BENCH_STATEMENTS: statementsFile });
    await compare(size, calls, api, baseline, token);
    await baseline.stop();
  }
  await api.stop();
  await capturing.stop();
  running.length = 0;

  // The compile cache as the image's build writes it (apps/api/Dockerfile).
  const preparedCache = join(workDir, 'compile-cache');
  await new Promise((resolve, reject) =>
    spawn(process.execPath, [require.resolve('@console/api/prepare-compile-cache')], {
      cwd: join(ROOT, 'apps', 'api'),
      env: { ...process.env, NODE_COMPILE_CACHE: preparedCache },
      stdio: 'ignore',
    }).once('exit', (code) => (code === 0 ? resolve(code) : reject(new Error(`prepare-compile-cache exited with ${code}`)))),
  );
  const startCache = join(workDir, 'compile-cache-of-start');
  /** @param {string} label @param {string} script @param {Record<string, string>} startEnv @param {() => void} [before] */
  const start = (label, script, startEnv, before) => ({
    label,
    script,
    env: startEnv,
    before,
    wall: /** @type {number[]} */ ([]),
    cpu: /** @type {number[]} */ ([]),
  });
  const freshCache = () => {
    rmSync(startCache, { recursive: true, force: true });
    cpSync(preparedCache, startCache, { recursive: true });
  };
  // What the image sets besides (apps/api/Dockerfile): the deployment migrates in a job of its own
  // before a rollout, so its instances do not look for pending migrations as they start.
  const imageEnv = { ...env, NODE_ENV: 'production', MIGRATE_ON_START: 'false' };
  const starts = [
    start('api', apiMain, { ...imageEnv, NODE_COMPILE_CACHE: startCache }, freshCache),
    start('api, empty compile cache', apiMain, { ...imageEnv, NODE_COMPILE_CACHE: startCache }, () => rmSync(startCache, { recursive: true, force: true })),
    start('api, no compile cache', apiMain, { ...imageEnv, NODE_COMPILE_CACHE_DISABLE: '1' }),
    start('baseline', baselineMain, env),
  ];
  for (let i = 0; i < COLD_STARTS; i += 1) {
    for (const [index, which] of starts.entries()) {
      which.before?.();
      const server = await startServer(`cold-${index}`, which.script, which.env);
      which.wall.push(server.readyMs);
      which.cpu.push(server.readyCpuMs);
      await server.stop();
    }
  }
  console.log(`\nCold start, spawn to /readyz 200, median of ${COLD_STARTS} (CPU time until then):`);
  for (const { label, wall, cpu } of starts) {
    console.log(
      `${label.padEnd(25)} ${median(wall).toFixed(0).padStart(6)} ms (CPU ${median(cpu).toFixed(0)} ms)   runs ${wall.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    );
  }
} finally {
  for (const server of running) await server.stop();
  await emulator.stop();
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
}

const web = join(ROOT, 'tools', 'bench-web.mjs');
if (existsSync(web)) {
  console.log('\nWeb app (tools/bench-web.mjs)');
  const code = await new Promise(
    /** @param {(code: number | null) => void} resolve */
    (resolve) => spawn(process.execPath, [web], { cwd: ROOT, stdio: 'inherit' }).once('exit', resolve),
  );
  if (code !== 0) process.exitCode = 1;
}
