// @ts-check
// What the API benchmarks share (tools/bench.mjs, tools/bench-scale.mjs): starting a server
// process until /readyz answers, sending one request on a keep-alive agent, percentiles.
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { freePort, newIdentityToken, ROOT, waitFor } from '../stack.mjs';

/** @typedef {{ label: string, method: 'GET' | 'POST', path: string, body?: Record<string, unknown> }} Call */
/** @typedef {{ url: string, pid: number | undefined, cpuMs(): number, stop(): Promise<void> }} Server */

/**
 * @param {number[]} sorted latencies in ascending order
 * @param {number} p
 */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * The CPU time (user and system) the process has used, in ms; NaN where /proc cannot tell.
 * @param {number | undefined} pid
 */
export function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * The Node options the deployment gives the API (deploy/k8s/src/charts.ts, for its 512 MiB memory
 * limit): the old generation's limit at five eighths of it and a young generation of 2 × 4 MB,
 * where Node would size it from the machine's memory (2 × 64 MB on 24 GB) and a streaming export
 * fills it (docs/operations.md#export-benchmark).
 */
export const DEPLOYED_NODE_ARGS = ['--max-old-space-size=320', '--max-semi-space-size=4'];

/**
 * The environment of a measured API: the throwaway database and the emulator, no e-mail worker or
 * retention job (their queries would count as the calls'), rate limits out of the way.
 * @param {{ url: string }} database
 * @param {{ host: string, projectId: string }} emulator
 * @returns {Record<string, string>}
 */
export function benchApiEnv(database, emulator) {
  return {
    APP_ENV: 'test',
    DATABASE_URL: database.url,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    FIREBASE_PROJECT_ID: emulator.projectId,
    COMPANY_MAIL_DOMAIN: 'console.example.jp',
    ROOT_ACCOUNT_EMAIL: 'root@console.example.jp',
    LOG_LEVEL: 'warn',
    MAIL_WORKER_ENABLED: 'false',
    AUDIT_RETENTION_DAYS: '0',
    RATE_LIMIT_IP_PER_MINUTE: '1000000',
    RATE_LIMIT_ACCOUNT_WRITES_PER_MINUTE: '1000000',
  };
}

/**
 * Spawns `script` with `env` (its output to `<logDir>/<name>.log`) and resolves once /readyz
 * answers 200, with the milliseconds from the spawn and the CPU time spent until then.
 * @param {{ name: string, script: string, env: Record<string, string>, logDir: string, nodeArgs?: string[] }} options
 * @returns {Promise<Server & { readyMs: number, readyCpuMs: number }>}
 */
export async function startServer({ name, script, env, logDir, nodeArgs = [] }) {
  const port = await freePort();
  const logFile = join(logDir, `${name}.log`);
  const out = openSync(logFile, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: join(ROOT, 'apps', 'api'),
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, out],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  try {
    const outcome = await waitFor(
      async () => {
        if (child.exitCode !== null || child.signalCode !== null) return 'exited';
        const res = await fetch(`${url}/readyz`);
        await res.arrayBuffer();
        return res.status === 200 && 'ready';
      },
      name,
      60_000,
      5,
    );
    if (outcome === 'exited') throw new Error(`${name} exited:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const readyMs = performance.now() - started;
  return {
    url,
    pid: child.pid,
    readyMs,
    readyCpuMs: cpuMsOf(child.pid),
    cpuMs: () => cpuMsOf(child.pid),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * One request; resolves with its status and body.
 * @param {import('node:http').Agent} agent
 * @param {string} base
 * @param {Call} call
 * @param {string} token
 * @returns {Promise<{ status: number, body: string }>}
 */
export function send(agent, base, call, token) {
  return new Promise((resolve, reject) => {
    const payload = call.method === 'POST' ? JSON.stringify(call.body ?? {}) : undefined;
    /** @type {Record<string, string>} */
    const headers = payload === undefined ? {} : { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const req = httpRequest(`${base}${call.path}`, { method: call.method, agent, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Signs `email` up in the Auth Emulator at `emulatorHost` and creates its account through the API:
 * its ID token and account id.
 * @param {string} emulatorHost
 * @param {string} apiUrl
 * @param {string} email
 */
export async function signUp(emulatorHost, apiUrl, email) {
  const token = await newIdentityToken(emulatorHost, email, 'password-123');
  const created = await fetch(`${apiUrl}/account/create`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const { id } = /** @type {{ id: string }} */ (/** @type {unknown} */ (await created.json()));
  return { token, id };
}
