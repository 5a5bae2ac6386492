// @ts-check
// `pnpm dev`: the whole console on this machine with one command. Starts Postgres (embedded
// PGlite under .data/ unless DATABASE_URL is set), the Firebase Auth Emulator (accounts kept
// under .data/), the API, the example knowledge product and the web dev server, prints one URL
// and the seeded credentials, and stops everything on Ctrl-C.
//
// Every piece starts as soon as what it needs is there, and its address is chosen up front: the
// database, the Auth Emulator, the API's build (turbo, from its cache when nothing changed), the
// example knowledge product and the web dev server all start at once; the API starts when the
// database, the emulator (its demo seed creates the administrator there) and its build are ready.
// `pnpm bench:dev-start` measures the time to the URL.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, freePort, startApiServer, startAuthEmulator, startPglite, startWebServer } from './stack.mjs';

const DATA_DIR = join(ROOT, '.data');
const WEB_PORT = Number(process.env.WEB_PORT ?? 5173);
const AUTH_EMULATOR_PORT = Number(process.env.AUTH_EMULATOR_PORT ?? 9099);
const PROJECT_ID = 'demo-console';
const COMPANY_MAIL_DOMAIN = process.env.COMPANY_MAIL_DOMAIN ?? 'console.example.jp';
const ROOT_ACCOUNT_EMAIL = process.env.ROOT_ACCOUNT_EMAIL ?? `admin@${COMPANY_MAIL_DOMAIN}`;
const KNOWLEDGE_KEY = 'dev-knowledge-subsystem-key';
const verbose = process.env.DEV_VERBOSE === '1';

/** @typedef {{ stop: () => Promise<unknown> }} Piece A started piece of the stack. */
/**
 * The order of the stop: what serves the browser first (no new calls reach the API), then the
 * API, then what it uses. Pieces of one stage stop side by side.
 * @typedef {'front' | 'api' | 'backing'} Stage
 */
/** @type {Stage[]} */
const STOP_ORDER = ['front', 'api', 'backing'];

/** @type {(Piece & { name: string, stage: Stage })[]} */
const running = [];
let stopping = false;
const startedAt = Date.now();

/**
 * Runs pnpm, the one that started this script (npx pnpm@10 dev), else the one on PATH, and
 * resolves once it succeeded.
 * @param {string[]} args
 * @returns {Promise<void>}
 */
function pnpm(args) {
  const execPath = process.env.npm_execpath;
  /** @type {[string, string[]]} */
  const [command, prefix] = execPath && /pnpm/.test(execPath) ? [process.execPath, [execPath]] : ['pnpm', []];
  // turbo, run through pnpm, sends no telemetry and prints no notice about it.
  const child = spawn(command, [...prefix, ...args], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`pnpm ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`))));
  });
}

/**
 * Whether the last install is newer than everything that decides what it installs (the lockfile,
 * every package.json of the workspace, pnpm's settings, the Node release of .node-version): then
 * `pnpm install` would change nothing and is skipped. pnpm rewrites node_modules/.modules.yaml at
 * every install.
 */
function installIsCurrent() {
  const marker = join(ROOT, 'node_modules', '.modules.yaml');
  if (!existsSync(marker)) return false;
  const installedAt = statSync(marker).mtimeMs;
  const inputs = ['pnpm-lock.yaml', 'package.json', 'pnpm-workspace.yaml', '.npmrc', '.node-version', join('tools', 'node-runtime.mjs')];
  for (const group of ['apps', 'packages']) {
    for (const entry of readdirSync(join(ROOT, group), { withFileTypes: true })) {
      if (entry.isDirectory()) inputs.push(join(group, entry.name, 'package.json'));
    }
  }
  return inputs.every((input) => {
    const path = join(ROOT, input);
    return !existsSync(path) || statSync(path).mtimeMs <= installedAt;
  });
}

/** @param {string} line */
function say(line) {
  process.stdout.write(`${line}\n`);
}

/** @param {number} code */
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  say('\nStopping…');
  for (const stage of STOP_ORDER) {
    await Promise.all(
      running
        .filter((piece) => piece.stage === stage)
        .map(async (piece) => {
          try {
            await piece.stop();
          } catch (error) {
            say(`  could not stop ${piece.name}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }),
    );
  }
  process.exit(code);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Starts one piece; pieces start side by side, so each says on one line when it is ready: how
 * long it took, and when since the start of `pnpm dev`.
 * @template {Piece} P
 * @param {string} name
 * @param {Stage} stage
 * @param {() => Promise<P>} start
 * @returns {Promise<P>}
 */
async function step(name, stage, start) {
  const started = Date.now();
  const piece = await start();
  running.push({ name, stage, stop: piece.stop });
  say(`• ${name}: ready (${seconds(Date.now() - started)}, at ${seconds(Date.now() - startedAt)})`);
  return piece;
}

/**
 * Waits for pieces started side by side; a failure is raised once all have settled, so every started piece is stopped.
 * @template {readonly unknown[]} T
 * @param {T} pieces
 * @returns {Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }>}
 */
async function all(pieces) {
  const settled = await Promise.allSettled(pieces);
  const values = [];
  for (const result of settled) {
    if (result.status === 'rejected') throw result.reason;
    values.push(result.value);
  }
  return /** @type {{ -readonly [K in keyof T]: Awaited<T[K]> }} */ (values);
}

/**
 * After the install, a machine whose Node is older than .node-version has the project's own
 * runtime in node_modules/.bin (tools/node-runtime.mjs): the rest of this script runs on it,
 * with that folder first on PATH for every piece it starts. Resolves with its exit code.
 * @returns {Promise<number>}
 */
function continueOnProjectRuntime() {
  const bin = join(ROOT, 'node_modules', '.bin');
  const child = spawn(join(bin, 'node'), [fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, CONSOLE_DEV_INSTALLED: '1' },
  });
  // Ctrl-C reaches the child from the terminal; a SIGTERM sent to this process is passed on.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

async function main() {
  mkdirSync(DATA_DIR, { recursive: true });
  // Node keeps the compiled code of the modules it loads (the API's, Vite's, the emulator's) and
  // reuses it at the next start.
  process.env.NODE_COMPILE_CACHE ??= join(ROOT, 'node_modules', '.cache', 'node-compile-cache');
  /** @type {import('./stack.mjs').Log | undefined} */
  const log = verbose ? (chunk) => process.stdout.write(chunk) : undefined;

  if (process.env.CONSOLE_DEV_INSTALLED !== '1') {
    const wantedMajor = Number(readFileSync(join(ROOT, '.node-version'), 'utf8').split('.')[0]);
    const onOlderNode = Number(process.versions.node.split('.')[0]) < wantedMajor;
    if (installIsCurrent() && (!onOlderNode || existsSync(join(ROOT, 'node_modules', '.bin', 'node')))) {
      say('Dependencies are installed and up to date.');
    } else {
      say('Installing dependencies…');
      await pnpm(['install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent']);
    }
    if (onOlderNode) process.exit(await continueOnProjectRuntime());
  }
  say(`Node ${process.version}. Starting the database, the Auth Emulator, the web dev server and the API's build side by side…`);

  // Every address is chosen up front, so that nothing waits for another piece only to learn where it is.
  const webOrigin = `http://localhost:${WEB_PORT}`;
  const emulatorHost = `127.0.0.1:${AUTH_EMULATOR_PORT}`;
  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const knowledgeModule = join(ROOT, 'tools', 'knowledge-example.mjs');
  const knowledgePort = await freePort();
  const knowledgeUrl = existsSync(knowledgeModule) ? `http://127.0.0.1:${knowledgePort}` : undefined;

  const emulatorStarting = step('Firebase Auth Emulator (accounts in .data/auth)', 'backing', () =>
    startAuthEmulator({ port: AUTH_EMULATOR_PORT, projectId: PROJECT_ID, dataDir: join(DATA_DIR, 'auth'), log, lazyValidation: true }),
  );
  const databaseStarting = process.env.DATABASE_URL
    ? Promise.resolve({ url: process.env.DATABASE_URL, embedded: false })
    : step('Embedded Postgres (PGlite, data in .data/pg)', 'backing', () =>
        startPglite({ dataDir: join(DATA_DIR, 'pg'), port: Number(process.env.PGLITE_PORT ?? 0) || undefined }),
      );
  // turbo rebuilds the API and the client package of the knowledge example (and the packages they
  // use) only when their sources changed.
  const buildStarted = Date.now();
  const apiBuilt = pnpm(['exec', 'turbo', 'run', 'build', '--filter=@console/api', '--filter=@console/client', '--output-logs=errors-only']).then(() =>
    say(`• API build: done (${seconds(Date.now() - buildStarted)}, at ${seconds(Date.now() - startedAt)})`),
  );
  const knowledgeStarting = knowledgeUrl
    ? step('Example knowledge product', 'front', async () => {
        // It runs on @console/client's build. Without a webhook endpoint (the environment key holds
        // session:introspect only) it relies on the session introspection alone.
        await apiBuilt;
        /** @type {unknown} */
        const example = await import(knowledgeModule);
        const { startKnowledgeExample } = /** @type {typeof import('./knowledge-example.mjs')} */ (example);
        return startKnowledgeExample({ port: knowledgePort, apiUrl, subsystemKey: KNOWLEDGE_KEY, cookieName: 'console_session_dev' });
      })
    : undefined;
  // The web dev server only needs the API's address: it proxies /api there once the API is up.
  const webStarting = step('Web dev server', 'front', () =>
    startWebServer({
      port: WEB_PORT,
      mode: 'dev',
      apiUrl,
      knowledgeUrl,
      log,
      env: {
        VITE_APP_ENV: 'dev',
        VITE_FIREBASE_API_KEY: 'demo-api-key',
        VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
        VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
        VITE_AUTH_EMULATOR_URL: `http://${emulatorHost}`,
      },
    }),
  );
  // The API migrates the database and seeds the demo data at start, the administrator's account
  // in the emulator included: it starts once the database, the emulator and its build are ready.
  const apiStarting = (async () => {
    const [database] = await all([databaseStarting, emulatorStarting, apiBuilt]);
    return step('API (migrations and demo data)', 'api', async () => {
      const api = await startApiServer({
        port: apiPort,
        log,
        env: {
          APP_ENV: 'dev',
          DATABASE_URL: database.url,
          DATABASE_POOL_MAX: database.embedded ? '1' : '10',
          // PGlite's one session outlives the API's connections (a restarted API would find its
          // statement names taken, 42P05): no named statements on it.
          ...(database.embedded ? { DATABASE_PREPARED_STATEMENTS: 'false' } : {}),
          FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
          FIREBASE_PROJECT_ID: PROJECT_ID,
          COMPANY_MAIL_DOMAIN,
          ROOT_ACCOUNT_EMAIL,
          APP_ORIGIN: webOrigin,
          PUBLIC_API_URL: `${webOrigin}/api`,
          DATA_DIR,
          SEED_DEMO_DATA: 'true',
          SUBSYSTEM_KEYS: `knowledge:${KNOWLEDGE_KEY}`,
          // The web dev server, on loopback, is the one proxy: it passes the browser's address in X-Forwarded-For.
          TRUSTED_PROXIES: '127.0.0.1',
          LOG_LEVEL: verbose ? 'info' : 'warn',
        },
      });
      return {
        // Ctrl-C on a developer's machine: the API's interactive stop (SIGINT), without the drain
        // a load balancer needs (SIGTERM waits SHUTDOWN_DRAIN_MS and lets connections close).
        async stop() {
          api.signal('SIGINT');
          const timer = setTimeout(() => api.signal('SIGKILL'), 10_000);
          await api.exited;
          clearTimeout(timer);
        },
      };
    });
  })();
  const [web] = await all([webStarting, apiStarting, knowledgeStarting, databaseStarting, emulatorStarting, apiBuilt]);

  say('');
  say(`The console is running: ${web.url}`);
  say(`Sign in as the system administrator: ${ROOT_ACCOUNT_EMAIL} / console-admin-1`);
  say(`Invitation e-mails (local mailbox): ${webOrigin}/api/dev/mailbox`);
  say('Press Ctrl-C to stop everything.');
}

main().catch((error) => {
  say(`\nThe console could not start: ${error instanceof Error ? error.message : String(error)}`);
  void stopAll(1);
});
