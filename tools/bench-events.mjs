// @ts-check
// `pnpm bench:events`: change events delivered as webhooks (docs/integration.md#change-events), on
// a throwaway database of the local Postgres and the Auth Emulator. Two API processes, both running
// the webhook worker (as every instance does by default), deliver to a receiver of this script
// (answering 200 at once unless told):
// 1. Throughput: a backlog of BACKLOG events (project renames through a first API process without
//    the worker) delivered by the two worker processes once they have started: events per second
//    from the first arrival to the last.
// 2. Latency: renames through the API at RATE per second for SECONDS seconds; commit-to-delivery
//    latency (the rename's answer, sent after its commit, to the receiver's arrival) p50/p99
//    (target p99 ≤ 2 s).
// 3. /account/get latency (sequential calls) before, and while FAILING deliveries fail: written
//    beforehand for an endpoint answering 500 and given up, then all replayed at once (each fails
//    twice more), so that only the failing deliveries load the machine. Three times: calls to one of
//    the two worker processes (the deliveries in the process that serves the calls), to a serving
//    process (API_ROLE=serve, docs/operations.md#worker-role) while the two worker processes fail the
//    deliveries, and the same with the serving process alone on one core. All processes share this
//    machine's cores and its Postgres, unlike pods on their own nodes.
// The API is built beforehand: `pnpm bench:events` does it.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { Agent } from 'node:http';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchApiEnv, percentile, send, signUp, startServer } from './bench/server.mjs';
import { startAuthEmulator, startTestDatabase } from './stack.mjs';

const BACKLOG = Number(process.env.EVENTS_BACKLOG ?? 2000);
const RATE = Number(process.env.EVENTS_RATE ?? 100);
const SECONDS = Number(process.env.EVENTS_SECONDS ?? 20);
const FAILING = Number(process.env.EVENTS_FAILING ?? 1000);
const ACCOUNT_GET_CALLS = 300;
const PROJECTS = 10;
const TARGET_P99_MS = 2000;

/**
 * @param {string} text
 * @returns {unknown}
 */
const parseJson = (text) => JSON.parse(text);

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Arrivals at the receiver: the time each renamed-to name arrived at, by path. */
/** @type {Map<string, number>} */
const arrivals = new Map();
/** Answers 500 to the paths under /failing/, counted by path. */
/** @type {Map<string, number>} */
const failedAnswers = new Map();
const receiver = createServer((req, res) => {
  const chunks = /** @type {Buffer[]} */ ([]);
  req.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
  req.on('end', () => {
    const at = performance.now();
    if (req.url?.startsWith('/failing/')) {
      failedAnswers.set(req.url, (failedAnswers.get(req.url) ?? 0) + 1);
      res.writeHead(500).end('failing on purpose');
      return;
    }
    const event = /** @type {{ data: { name: string } }} */ (parseJson(Buffer.concat(chunks).toString('utf8')));
    if (!arrivals.has(event.data.name)) arrivals.set(event.data.name, at);
    res.writeHead(200).end();
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', () => resolve(undefined)));
const receiverUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (receiver.address()).port}`;

const workDir = mkdtempSync(join(tmpdir(), 'console-bench-events-'));
const database = await startTestDatabase();
if (database.embedded) throw new Error('bench:events needs a Postgres server (TEST_DATABASE_URL or 127.0.0.1:5432)');
const emulator = await startAuthEmulator({ projectId: 'demo-console-bench', lazyValidation: true });
const client = new pg.Client({ connectionString: database.url });
const env = { ...benchApiEnv(database, emulator), WEBHOOK_WORKER_ENABLED: 'true' };
const script = process.env.BENCH_API_MAIN ?? createRequire(import.meta.url).resolve('@console/api');
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
/** @type {{ stop(): Promise<void> }[]} */
const servers = [];

/**
 * @param {string} base
 * @param {string} path
 * @param {Record<string, unknown>} body
 * @param {string} token
 */
async function post(base, path, body, token) {
  const result = await send(agent, base, { label: path, method: 'POST', path, body }, token);
  if (result.status !== 200) throw new Error(`${path} answered ${result.status}: ${result.body}`);
  return /** @type {{ id: string, credential: { id: string }, endpoint: { id: string }, replayed: number }} */ (parseJson(result.body));
}

/**
 * Renames through the API; resolves with the time of the answer (after the commit).
 * @param {string} base
 * @param {string} token
 * @param {string} projectId
 * @param {string} name
 */
async function rename(base, token, projectId, name) {
  await post(base, '/project/update', { projectId, updateProps: { name } }, token);
  return performance.now();
}

/**
 * Sequential /account/get calls, at least ACCOUNT_GET_CALLS and on while `more()`: their latencies, sorted.
 * @param {string} base
 * @param {string} token
 * @param {() => boolean} more
 */
async function accountGetLatencies(base, token, more) {
  const latencies = [];
  for (let i = 0; i < ACCOUNT_GET_CALLS || more(); i += 1) {
    const started = performance.now();
    await post(base, '/account/get', {}, token);
    latencies.push(performance.now() - started);
  }
  return latencies.sort((a, b) => a - b);
}

const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;

try {
  await client.connect();
  // The writer's jobs carry its retry policy: one retry after a second, then given up (phase 3).
  const writer = await startServer({
    name: 'api-writer',
    script,
    env: { ...env, WEBHOOK_WORKER_ENABLED: 'false', WEBHOOK_RETRY_BASE_SECONDS: '1', WEBHOOK_RETRY_SPAN_SECONDS: '1' },
    logDir: workDir,
  });
  servers.push(writer);
  const admin = await signUp(emulator.host, writer.url, 'events-admin@console.example.jp');
  await client.query(`UPDATE accounts SET is_system_admin = true WHERE id = $1`, [admin.id]);
  const organization = await post(writer.url, '/system-admin/organization/create', { name: 'イベント計測' }, admin.token);
  /** @type {string[]} */
  const projects = [];
  const projectAt = (/** @type {number} */ i) => /** @type {string} */ (projects[i % PROJECTS]);
  for (let i = 0; i < PROJECTS; i += 1)
    projects.push((await post(writer.url, '/system-admin/project/create', { organizationId: organization.id, name: `計測 ${i}` }, admin.token)).id);
  const credential = await post(
    writer.url,
    '/systemAdmin/serviceCredential/create',
    { name: 'イベント計測', product: 'knowledge', scopes: ['events:receive'] },
    admin.token,
  );
  const endpoint = await post(
    writer.url,
    '/systemAdmin/webhook/createEndpoint',
    { credentialId: credential.credential.id, url: `${receiverUrl}/ok`, eventTypes: ['project.renamed'] },
    admin.token,
  );
  const endpointId = endpoint.endpoint.id;

  // 1. Throughput of a backlog, written before any worker runs.
  const backlogNames = Array.from({ length: BACKLOG }, (_, i) => `backlog ${i}`);
  const writing = performance.now();
  for (let i = 0; i < BACKLOG; i += 16)
    await Promise.all(backlogNames.slice(i, i + 16).map((name, j) => rename(writer.url, admin.token, projectAt(i + j), name)));
  const writtenIn = (performance.now() - writing) / 1000;
  const [first, second] = await Promise.all([
    startServer({ name: 'api-1', script, env, logDir: workDir }),
    startServer({ name: 'api-2', script, env, logDir: workDir }),
  ]);
  servers.push(first, second);
  const waitDeadline = performance.now() + 300_000;
  while (backlogNames.some((name) => !arrivals.has(name)) && performance.now() < waitDeadline) await sleep(50);
  const backlogArrivals = backlogNames.map((name) => arrivals.get(name) ?? Number.NaN);
  const delivered = backlogArrivals.filter((t) => !Number.isNaN(t)).length;
  const span = (Math.max(...backlogArrivals) - Math.min(...backlogArrivals)) / 1000;
  console.log(`\nThroughput: ${BACKLOG} events written through the API in ${writtenIn.toFixed(1)} s (${Math.round(BACKLOG / writtenIn)} changes/s)`);
  console.log(
    `  delivered ${delivered}/${BACKLOG} by two workers; from the first to the last arrival ${span.toFixed(1)} s: ${Math.round(delivered / span)} events/s`,
  );

  // 2. Commit-to-delivery latency at RATE events per second.
  const names = Array.from({ length: RATE * SECONDS }, (_, i) => `rate ${i}`);
  /** @type {Map<string, number>} */
  const committed = new Map();
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < names.length; i += 1) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const name = /** @type {string} */ (names[i]);
    pending.push(rename(first.url, admin.token, projectAt(i), name).then((at) => committed.set(name, at)));
  }
  await Promise.all(pending);
  const rateDeadline = performance.now() + 60_000;
  while (names.some((name) => !arrivals.has(name)) && performance.now() < rateDeadline) await sleep(50);
  const latencies = names
    .map((name) => (arrivals.get(name) ?? Number.NaN) - (committed.get(name) ?? Number.NaN))
    .filter((t) => !Number.isNaN(t))
    .sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  const missed = !(p99 <= TARGET_P99_MS) || latencies.length < names.length;
  if (missed) process.exitCode = 1;
  console.log(`\nLatency at ${RATE} events/s for ${SECONDS} s (${names.length} events, ${latencies.length} delivered):`);
  console.log(
    `  commit to delivery p50 ${ms(percentile(latencies, 50))}, p90 ${ms(percentile(latencies, 90))}, p99 ${ms(p99)}, max ${ms(latencies.at(-1) ?? Number.NaN)} (target p99 ≤ ${TARGET_P99_MS} ms): ${missed ? 'MISS' : 'pass'}`,
  );

  // 3. /account/get while deliveries fail. Set up first, through the writer: FAILING events for an
  // endpoint that answers 500, each failed once, retried once and given up (the writer's jobs
  // carry its short retry policy). Then, with nothing else running, every failed delivery is
  // replayed (as a system administrator's "replay all failed" does) and fails again, twice, while
  // /account/get is called: only the failing deliveries load the machine, not the writes.
  await post(writer.url, '/systemAdmin/webhook/updateEndpoint', { endpointId, enabled: false }, admin.token);
  /** @param {string} id */
  const deliveryCounts = async (id) => {
    const counted = await client.query(
      `SELECT count(*) FILTER (WHERE status = 'failed')::int AS failed, count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*)::int AS total
         FROM webhook_deliveries WHERE endpoint_id = $1`,
      [id],
    );
    return /** @type {{ failed: number, pending: number, total: number }} */ (/** @type {unknown[]} */ (counted.rows)[0]);
  };
  /**
   * Sequential /account/get calls to `base` before, and while FAILING replayed deliveries to `path`
   * fail; the CPU time the two worker processes spent meanwhile.
   * @param {string} base
   * @param {string} path
   */
  const whileFailing = async (base, path) => {
    const failing = await post(
      writer.url,
      '/systemAdmin/webhook/createEndpoint',
      { credentialId: credential.credential.id, url: `${receiverUrl}${path}`, eventTypes: ['project.renamed'] },
      admin.token,
    );
    const failingId = failing.endpoint.id;
    for (let i = 0; i < FAILING; i += 16)
      await Promise.all(
        Array.from({ length: Math.min(16, FAILING - i) }, (_, j) => rename(writer.url, admin.token, projectAt(i + j), `failing ${randomUUID()}`)),
      );
    const setupDeadline = performance.now() + 300_000;
    while ((await deliveryCounts(failingId)).failed < FAILING && performance.now() < setupDeadline) await sleep(200);
    const before = await accountGetLatencies(base, admin.token, () => false);
    const workersCpuMs = () => first.cpuMs() + second.cpuMs();
    const cpuBefore = workersCpuMs();
    const answersBefore = failedAnswers.get(path) ?? 0;
    const failureStarted = performance.now();
    const { replayed } = await post(writer.url, '/systemAdmin/webhook/replayFailed', { endpointId: failingId }, admin.token);
    const replayedIn = performance.now() - failureStarted;
    let settled = false;
    const watching = (async () => {
      while (performance.now() - failureStarted < 120_000) {
        await sleep(200);
        if ((await deliveryCounts(failingId)).failed >= FAILING) break;
      }
      settled = true;
    })();
    const during = await accountGetLatencies(base, admin.token, () => !settled);
    await watching;
    const seconds = (performance.now() - failureStarted) / 1000;
    const cpuMs = workersCpuMs() - cpuBefore;
    const attempts = (failedAnswers.get(path) ?? 0) - answersBefore;
    const counts = await deliveryCounts(failingId);
    await post(writer.url, '/systemAdmin/webhook/updateEndpoint', { endpointId: failingId, enabled: false }, admin.token);
    console.log(`  before (${before.length} calls):${' '.repeat(45)}p50 ${ms(percentile(before, 50))}, p99 ${ms(percentile(before, 99))}`);
    console.log(
      `  while ${replayed} replayed deliveries failed (${attempts} failed attempts in ${seconds.toFixed(1)} s, ${during.length} calls): p50 ${ms(percentile(during, 50))}, p99 ${ms(percentile(during, 99))}`,
    );
    console.log(
      `  the replay of ${replayed} deliveries answered in ${ms(replayedIn)}; afterwards ${counts.failed} of ${counts.total} failed (given up, replayable), ${counts.pending} pending, none lost`,
    );
    console.log(
      `  the two worker processes' CPU meanwhile: ${Math.round(cpuMs)} ms (${(cpuMs / attempts).toFixed(2)} ms per failed attempt, ${((cpuMs / (seconds * 1000)) * 100).toFixed(0)} % of a core)`,
    );
    // The machine's load: the processes share its cores with whatever else runs on it.
    console.log(`  load average (1 min) at the end: ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} cores`);
  };
  console.log(`\n/account/get, sequential calls to one of the two worker processes (the deliveries in the serving process):`);
  await whileFailing(first.url, '/failing/same-process');
  const serving = await startServer({ name: 'api-serving', script, env: { ...env, API_ROLE: 'serve' }, logDir: workDir });
  servers.push(serving);
  console.log(`\n/account/get, sequential calls to a serving process (API_ROLE=serve) while the two worker processes fail the deliveries:`);
  await whileFailing(serving.url, '/failing/worker-role');
  // As on nodes of their own, as far as one machine allows: the serving process alone on the first
  // core, everything this script started on the others (Postgres and other programs still share).
  if (availableParallelism() > 1 && process.platform === 'linux') {
    const pin = (/** @type {number | undefined} */ pid, /** @type {string} */ cpus) => execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)]);
    pin(serving.pid, '0');
    for (const server of [writer, first, second]) pin(server.pid, `1-${availableParallelism() - 1}`);
    console.log(`\n/account/get, the same with the serving process alone on core 0 and the others on the other cores (taskset):`);
    await whileFailing(serving.url, '/failing/own-core');
  }
} finally {
  for (const server of servers) await server.stop();
  agent.destroy();
  receiver.close();
  await client.end().catch(() => {});
  await emulator.stop();
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
}
