// @ts-check
// The pieces of the local stack, shared by `pnpm dev` (tools/dev.mjs) and the test runs
// (Jest global setups): a Postgres database and the Firebase Auth Emulator.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'node_modules', '.bin');

/** @typedef {(chunk: string) => void} Log Receives a started process's output as it comes. */
/** @typedef {{ url: string, embedded: boolean, stop(): Promise<void> }} Database A database to connect to; `embedded`: PGlite, not a Postgres server. */
/**
 * @typedef {object} StartedProcess A long-running child process that answered ready.
 * @property {() => string} output The last 20,000 characters it wrote.
 * @property {Promise<number | null>} exited Resolves with the exit code (null when killed by a signal) once the process has exited.
 * @property {(signal: NodeJS.Signals) => void} signal Sends `signal` to the process (SIGKILL: a crash) without waiting for it to exit.
 * @property {() => Promise<void>} stop Stops the process (SIGTERM, SIGKILL after 10 s) and waits for it.
 */

/**
 * Sends `signal` to the process group of `child` (started detached); a group already gone is fine.
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
function signalGroup(child, signal) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Ports handed out by `freePort`: below Linux's ephemeral range (32768–60999), from which the kernel
 * picks the source port of every outgoing connection. A port of that range, free when it was
 * chosen, can be taken by any connection opened before its user binds it (the Auth Emulator, which
 * binds three of them one to two seconds after they were chosen, failed a test run that way).
 */
const PORT_RANGE = { first: 20_000, end: 32_768 };

/**
 * Whether a TCP port can be bound on the loopback interface right now.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function bindable(port) {
  return new Promise((resolveBindable) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolveBindable(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolveBindable(true)));
  });
}

/**
 * A TCP port that is free on the loopback interface right now, outside the ephemeral range.
 * @returns {Promise<number>}
 */
export async function freePort() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = PORT_RANGE.first + Math.floor(Math.random() * (PORT_RANGE.end - PORT_RANGE.first));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in ${PORT_RANGE.first}–${PORT_RANGE.end - 1} after 100 attempts`);
}

/** How often the stack's own readiness checks poll: a piece is seen ready at most this long after it is. */
const READY_POLL_MS = 100;

/**
 * Polls `check` every `intervalMs` (250 ms unless told) until it answers a truthy value, which it returns; throws after `timeoutMs`.
 * @template T
 * @param {() => T | Promise<T>} check
 * @param {string} what
 * @param {number} timeoutMs
 * @param {number} [intervalMs]
 * @returns {Promise<NonNullable<T>>}
 */
export async function waitFor(check, what, timeoutMs, intervalMs = 250) {
  const started = Date.now();
  /** @type {unknown} */
  let lastError;
  while (Date.now() - started < timeoutMs) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs} ms${lastError instanceof Error ? `: ${lastError.message}` : ''}`);
}

/**
 * Runs `fn` with a client connected to `url`, and closes the connection after.
 * @param {string} url
 * @param {(client: import('pg').Client) => Promise<unknown>} fn
 */
async function withClient(url, fn) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The wire messages of an extended query before its Sync: Parse, Bind, Describe, Execute, Close, Flush. */
const EXTENDED_QUERY_MESSAGES = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((type) => type.charCodeAt(0)));

/**
 * PGlite as its socket server should see it. The server queues each wire message on its own and,
 * outside a transaction, lets the connections' messages take turns, so that one connection's Parse
 * could be followed by another's Bind on PGlite's one session ("bind message supplies 1 parameters,
 * but prepared statement "" requires 2"). It keeps to one connection while PGlite is in a
 * transaction: this view also counts an extended query, from its first message to its Sync, as one.
 * @template {{ isInTransaction(): boolean, execProtocolRawStream(message: Uint8Array, options?: object): Promise<unknown>, exec(query: string): Promise<unknown> }} T
 * @param {T} db
 * @returns {T}
 */
function extendedQueriesTogether(db) {
  let inExtendedQuery = false;
  return new Proxy(db, {
    get(target, property) {
      if (property === 'isInTransaction') return () => inExtendedQuery || target.isInTransaction();
      if (property === 'execProtocolRawStream') {
        return async (/** @type {Uint8Array} */ message, /** @type {object | undefined} */ options) => {
          try {
            return await target.execProtocolRawStream(message, options);
          } finally {
            inExtendedQuery = EXTENDED_QUERY_MESSAGES.has(message[0] ?? 0);
          }
        };
      }
      // The server's own statements (a rollback for a connection gone mid-transaction) end what it began.
      if (property === 'exec') {
        return (/** @type {string} */ query) => {
          inExtendedQuery = false;
          return target.exec(query);
        };
      }
      /** @type {unknown} */
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? /** @type {unknown} */ (value.bind(target)) : value;
    },
  });
}

/**
 * Embedded Postgres (PGlite) served over the wire protocol. `dataDir` undefined = in memory.
 * @param {{ dataDir?: string, port?: number }} [options]
 * @returns {Promise<Database>}
 */
export async function startPglite({ dataDir, port } = {}) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  // The extensions the migrations create (pg_trgm: the listings' substring search).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const listenPort = port ?? (await freePort());
  // Every connection shares PGlite's one session (a transaction holds it alone); an API instance opens
  // its pool, its LISTEN connection and the job queue's pool, and the tests run several instances.
  const server = new PGLiteSocketServer({ db: extendedQueriesTogether(db), port: listenPort, host: '127.0.0.1', maxConnections: 32 });
  await server.start();
  return {
    url: `postgres://postgres@127.0.0.1:${listenPort}/postgres`,
    embedded: true,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

/**
 * A throwaway database for one test run on the Postgres server at `serverUrl`
 * (TEST_DATABASE_URL, default the local server). Without a reachable server the run
 * falls back to an in-memory PGlite and says so.
 * @param {{ serverUrl?: string, log?: (line: string) => void }} [options]
 * @returns {Promise<Database>}
 */
export async function startTestDatabase({
  serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  log = console.log,
} = {}) {
  const name = `console_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  try {
    await withClient(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  } catch (error) {
    log(`No Postgres server reachable at ${serverUrl} (${error instanceof Error ? error.message : String(error)}); the tests use embedded PGlite instead.`);
    return startPglite();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    embedded: false,
    async stop() {
      await withClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * The Firebase Auth Emulator on `port`, for project `projectId` (a demo- id, so nothing
 * leaves the machine). With `dataDir`, accounts are imported from and exported to it.
 * With `lazyValidation`, the emulator compiles the JSON-schema validators of its REST API when
 * an operation is first called instead of all at start (tools/auth-emulator-lazy-validation.cjs):
 * the same checks, but it is ready in about 1.5 s instead of 6 s on a 2-core machine.
 * @param {{ port?: number, projectId?: string, dataDir?: string, log?: Log, lazyValidation?: boolean }} [options]
 * @returns {Promise<{ host: string, projectId: string, stop(): Promise<void> }>}
 */
export async function startAuthEmulator({ port, projectId = 'demo-console', dataDir, log = () => {}, lazyValidation = false } = {}) {
  const authPort = port ?? (await freePort());
  const workDir = mkdtempSync(join(tmpdir(), 'console-auth-emulator-'));
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port: authPort },
      hub: { host: '127.0.0.1', port: await freePort() },
      logging: { host: '127.0.0.1', port: await freePort() },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  writeFileSync(join(workDir, 'firebase.json'), JSON.stringify(config));
  const args = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', join(workDir, 'firebase.json')];
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    if (existsSync(join(dataDir, 'firebase-export-metadata.json'))) args.push('--import', dataDir);
    args.push('--export-on-exit', dataDir);
  }
  /** @type {Record<string, string | undefined>} */
  const env = { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', NO_UPDATE_NOTIFIER: '1', CI: 'true' };
  if (lazyValidation) {
    const preload = join(ROOT, 'tools', 'auth-emulator-lazy-validation.cjs').replace(/["\\]/g, '\\$&');
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --require "${preload}"`.trim();
  }
  const child = spawn(join(BIN, 'firebase'), args, {
    cwd: workDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  /** @param {Buffer} chunk */
  const collect = (chunk) => {
    output += String(chunk);
    log(String(chunk));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((r) => child.once('exit', r));
  const host = `127.0.0.1:${authPort}`;
  try {
    // A process that exited ends the wait at once (a thrown error would be retried until the timeout).
    const outcome = await waitFor(
      async () => {
        if (child.exitCode !== null || child.signalCode !== null) return 'exited';
        const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
        return res.ok && 'ready';
      },
      'The Firebase Auth Emulator',
      120_000,
      READY_POLL_MS,
    );
    if (outcome === 'exited') throw new Error(`the emulator exited: ${output.slice(-2000)}`);
  } catch (error) {
    signalGroup(child, 'SIGKILL');
    throw error;
  }
  return {
    host,
    projectId,
    async stop() {
      if (child.exitCode === null) {
        signalGroup(child, 'SIGINT');
        const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/**
 * Spawns a long-running child in its own process group and resolves once `ready()` answers true.
 * @param {{ name: string, command: string, args: string[], env: Record<string, string | undefined>, cwd?: string, ready: () => Promise<boolean>, log?: Log | undefined, timeoutMs?: number }} options
 * @returns {Promise<StartedProcess>}
 */
async function startProcess({ name, command, args, env, cwd = ROOT, ready, log = () => {}, timeoutMs = 60_000 }) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  /** @param {Buffer} chunk */
  const collect = (chunk) => {
    output = (output + String(chunk)).slice(-20_000);
    log(String(chunk));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  /** @type {Promise<number | null>} */
  const exited = new Promise((r) => child.once('exit', r));
  try {
    // A process that exited ends the wait at once (a thrown error would be retried until the timeout).
    const outcome = await waitFor(
      async () => {
        if (child.exitCode !== null || child.signalCode !== null) return 'exited';
        return (await ready()) && 'ready';
      },
      name,
      timeoutMs,
      READY_POLL_MS,
    );
    if (outcome === 'exited') throw new Error(`${name} exited:\n${output.slice(-4000)}`);
  } catch (error) {
    signalGroup(child, 'SIGKILL');
    throw error;
  }
  return {
    output: () => output,
    exited,
    signal: (signal) => signalGroup(child, signal),
    async stop() {
      if (child.exitCode !== null) return;
      signalGroup(child, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Whether `url` answers 2xx within a second. The probe's connection is its own and closes with the
 * answer, unlike one of fetch's pool, which stays open: an API stopping gracefully waits for its
 * open connections to close (apps/api/src/main.ts), and would wait for the probe's until killed.
 * @param {string} url
 * @returns {Promise<boolean>}
 */
function answers(url) {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false, timeout: 1000 }, (response) => {
      response.resume();
      const status = response.statusCode ?? 0;
      resolve(status >= 200 && status < 300);
    });
    request.on('timeout', () => request.destroy(new Error(`${url} did not answer within 1000 ms`)));
    request.on('error', reject);
  });
}

/**
 * Signs `email` up (`signUp`) or in (`signInWithPassword`) at the Auth Emulator on `emulatorHost`
 * and returns the ID token.
 * @param {string} emulatorHost
 * @param {'signUp' | 'signInWithPassword'} method
 * @param {string} email
 * @param {string} password
 * @returns {Promise<string>}
 */
export async function emulatorIdentity(emulatorHost, method, email, password) {
  const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  /** @type {unknown} */
  const body = await response.json();
  if (!response.ok) throw new Error(`${method} ${email}: ${JSON.stringify(body)}`);
  return /** @type {{ idToken: string }} */ (body).idToken;
}

/**
 * Signs a new identity up at the Auth Emulator and returns the ID token of a sign-in after it: the
 * sign-up's own token may predate the user's validSince (apps/api/test/support/harness.ts signUpUser).
 * @param {string} emulatorHost
 * @param {string} email
 * @param {string} password
 */
export async function newIdentityToken(emulatorHost, email, password) {
  await emulatorIdentity(emulatorHost, 'signUp', email, password);
  return emulatorIdentity(emulatorHost, 'signInWithPassword', email, password);
}

/**
 * Builds the API (apps/api/dist), which the test runs start as a process, unless SKIP_API_BUILD=1
 * says it is built already: `pnpm test` builds it once (turbo's build task) before the API's and
 * the web's tests, which run side by side, and a build in either would rewrite the files that API
 * processes of the other are loading.
 * @param {{ verbose?: boolean }} [options] verbose: the build's output goes to this process's.
 */
export function buildApi({ verbose = false } = {}) {
  if (process.env.SKIP_API_BUILD === '1' && existsSync(join(ROOT, 'apps', 'api', 'dist', 'main.js'))) return;
  execFileSync('pnpm', ['--filter', '@console/api', 'build'], { cwd: ROOT, stdio: verbose ? 'inherit' : 'pipe' });
}

/**
 * The API (apps/api/dist, built beforehand: buildApi) as a child process. `env` carries its
 * configuration (DATABASE_URL, FIREBASE_AUTH_EMULATOR_HOST, ...).
 * @param {{ port?: number, env: Record<string, string | undefined>, log?: Log | undefined }} options
 * @returns {Promise<StartedProcess & { url: string }>}
 */
export async function startApiServer({ port, env, log }) {
  const apiPort = port ?? (await freePort());
  const server = await startProcess({
    name: 'The API',
    command: process.execPath,
    args: [join(ROOT, 'apps', 'api', 'dist', 'main.js')],
    cwd: join(ROOT, 'apps', 'api'),
    env: { ...env, PORT: String(apiPort), HOST: '127.0.0.1' },
    ready: () => answers(`http://127.0.0.1:${apiPort}/readyz`),
    log,
  });
  return { ...server, url: `http://127.0.0.1:${apiPort}` };
}

/**
 * The web app under /auth/, proxying /api to the API and /knowledge/ to the example product
 * so that all share one origin. mode 'dev' runs the Vite dev server; 'preview' serves the
 * production build (apps/web/dist, built beforehand).
 * @param {{ port?: number, mode?: 'dev' | 'preview', apiUrl: string, knowledgeUrl?: string | undefined, env?: Record<string, string>, log?: Log | undefined }} options
 * @returns {Promise<StartedProcess & { url: string }>}
 */
export async function startWebServer({ port, mode = 'dev', apiUrl, knowledgeUrl, env = {}, log }) {
  const webPort = port ?? (await freePort());
  const vite = join(ROOT, 'apps', 'web', 'node_modules', '.bin', 'vite');
  const args =
    mode === 'dev'
      ? ['--port', String(webPort), '--strictPort', '--host', '127.0.0.1']
      : ['preview', '--port', String(webPort), '--strictPort', '--host', '127.0.0.1'];
  const server = await startProcess({
    name: 'The web server',
    command: vite,
    args,
    cwd: join(ROOT, 'apps', 'web'),
    env: { ...env, CONSOLE_API_PROXY_TARGET: apiUrl, CONSOLE_KNOWLEDGE_PROXY_TARGET: knowledgeUrl ?? '' },
    ready: () => answers(`http://127.0.0.1:${webPort}/auth/`),
    log,
  });
  return { ...server, url: `http://localhost:${webPort}/auth/` };
}
