// @ts-check
// Benchmark of the API's hot path: a signed-in user's authenticated calls. Starts a throwaway
// database, the Auth Emulator and the built API (pnpm --filter @console/api build first), then
// sends a bounded number of requests over loopback and prints latency percentiles and throughput.
//   node tools/bench-api.mjs [requests=3000] [concurrency=16]
import { startApiServer, startAuthEmulator, startTestDatabase } from './stack.mjs';

const total = Number(process.argv[2] ?? 3000);
const concurrency = Number(process.argv[3] ?? 16);

/**
 * @param {number[]} sorted latencies in ascending order, at least one
 * @param {number} p
 */
function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * Sends the requests of one row; an answer other than `expectedStatus` counts as unexpected.
 * @param {string} label
 * @param {string} url
 * @param {() => RequestInit} init
 */
async function run(label, url, init, expectedStatus = 200) {
  /** @type {number[]} */
  const latencies = [];
  let next = 0;
  let unexpected = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        const res = await fetch(url, init());
        await res.arrayBuffer();
        if (res.status !== expectedStatus) unexpected += 1;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const fmt = (/** @type {number} */ ms) => `${ms.toFixed(2)} ms`;
  console.log(
    `${label.padEnd(34)} ${String(latencies.length).padStart(5)} req  ${(latencies.length / seconds).toFixed(0).padStart(5)} req/s  ` +
      `p50 ${fmt(percentile(latencies, 50))}  p95 ${fmt(percentile(latencies, 95))}  p99 ${fmt(percentile(latencies, 99))}  unexpected answers ${unexpected}`,
  );
}

const database = await startTestDatabase();
const emulator = await startAuthEmulator({ projectId: 'demo-console-bench' });
let api;
try {
  api = await startApiServer({
    env: {
      APP_ENV: 'test',
      DATABASE_URL: database.url,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      FIREBASE_PROJECT_ID: emulator.projectId,
      COMPANY_MAIL_DOMAIN: 'console.example.jp',
      ROOT_ACCOUNT_EMAIL: 'root@console.example.jp',
      LOG_LEVEL: 'silent',
      // The benchmark measures the calls, not the rate limits (one client sends thousands a minute).
      RATE_LIMIT_IP_PER_MINUTE: '1000000',
      RATE_LIMIT_ACCOUNT_WRITES_PER_MINUTE: '1000000',
    },
  });
  const signUp = await fetch(`http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'password-123', returnSecureToken: true }),
  });
  /** @type {unknown} */
  const signedUp = await signUp.json();
  const { idToken } = /** @type {{ idToken: string }} */ (signedUp);
  /** @param {string | undefined} token */
  const post = (token) => () => ({ method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {} });
  await fetch(`${api.url}/account/create`, post(idToken)());

  console.log(`API benchmark: ${total} requests per row, ${concurrency} concurrent, loopback, database ${database.embedded ? 'PGlite' : 'Postgres'}`);
  await run('GET /healthz (no auth, no DB)', `${api.url}/healthz`, () => ({ method: 'GET' }));
  await run('POST /account/get (signed in)', `${api.url}/account/get`, post(idToken));
  await run('POST /account/get (anonymous, 401)', `${api.url}/account/get`, post(undefined), 401);
} finally {
  await api?.stop();
  await emulator.stop();
  await database.stop();
}
