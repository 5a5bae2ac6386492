// @ts-check
// `pnpm dev`: the whole console on this machine with one command. Starts Postgres (embedded
// PGlite under .data/ unless DATABASE_URL is set), the Firebase Auth Emulator (accounts kept
// under .data/), the API, the example knowledge product and the web dev server, prints one URL
// and the seeded credentials, and stops everything on Ctrl-C.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
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

/** @type {(Piece & { name: string })[]} */
const running = [];
let stopping = false;

/**
 * Runs pnpm: the one that started this script (npx pnpm@10 dev), else the one on PATH.
 * @param {string[]} args
 */
function pnpm(args) {
  const execPath = process.env.npm_execpath;
  /** @type {[string, string[]]} */
  const [command, prefix] = execPath && /pnpm/.test(execPath) ? [process.execPath, [execPath]] : ['pnpm', []];
  execFileSync(command, [...prefix, ...args], { cwd: ROOT, stdio: 'inherit' });
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
  for (const piece of running.reverse()) {
    try {
      await piece.stop();
    } catch (error) {
      say(`  could not stop ${piece.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  process.exit(code);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

/**
 * Starts one piece; pieces start side by side, so each says on one line when it is ready.
 * @template {Piece} P
 * @param {string} name
 * @param {() => Promise<P>} start
 * @returns {Promise<P>}
 */
async function step(name, start) {
  const started = Date.now();
  const piece = await start();
  running.push({ name, stop: piece.stop });
  say(`• ${name}: ready (${((Date.now() - started) / 1000).toFixed(1)} s)`);
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
  /** @type {import('./stack.mjs').Log | undefined} */
  const log = verbose ? (chunk) => process.stdout.write(chunk) : undefined;

  if (process.env.CONSOLE_DEV_INSTALLED !== '1') {
    say('Installing dependencies…');
    pnpm(['install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent']);
    const wantedMajor = Number(readFileSync(join(ROOT, '.node-version'), 'utf8').split('.')[0]);
    if (Number(process.versions.node.split('.')[0]) < wantedMajor) process.exit(await continueOnProjectRuntime());
  }
  say(`Node ${process.version}. Starting the database and the Auth Emulator while the API builds…`);
  // The emulator takes longest: it starts first and comes up while the API is built.
  const emulatorStarting = step('Firebase Auth Emulator (accounts in .data/auth)', () =>
    startAuthEmulator({ port: AUTH_EMULATOR_PORT, projectId: PROJECT_ID, dataDir: join(DATA_DIR, 'auth'), log }),
  );
  const databaseStarting = process.env.DATABASE_URL
    ? Promise.resolve({ url: process.env.DATABASE_URL, embedded: false })
    : step('Embedded Postgres (PGlite, data in .data/pg)', () => startPglite({ dataDir: join(DATA_DIR, 'pg'), port: Number(process.env.PGLITE_PORT ?? 0) || undefined }));
  pnpm(['exec', 'turbo', 'run', 'build', '--filter=@console/api', '--output-logs=errors-only']);
  const [database, emulator] = await all([databaseStarting, emulatorStarting]);

  // The API, the example knowledge product and the web dev server start side by side: each
  // only needs the others' addresses, which are chosen up front.
  const webOrigin = `http://localhost:${WEB_PORT}`;
  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const knowledgeModule = join(ROOT, 'tools', 'knowledge-example.mjs');
  const knowledgePort = await freePort();
  const knowledgeUrl = existsSync(knowledgeModule) ? `http://127.0.0.1:${knowledgePort}` : undefined;
  const [, , web] = await all([
    step('API (migrations and demo data)', () =>
      startApiServer({
        port: apiPort,
        log,
        env: {
          APP_ENV: 'dev',
          DATABASE_URL: database.url,
          DATABASE_POOL_MAX: database.embedded ? '1' : '10',
          FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
          FIREBASE_PROJECT_ID: PROJECT_ID,
          COMPANY_MAIL_DOMAIN,
          ROOT_ACCOUNT_EMAIL,
          APP_ORIGIN: webOrigin,
          PUBLIC_API_URL: `${webOrigin}/api`,
          DATA_DIR,
          SEED_DEMO_DATA: 'true',
          SUBSYSTEM_KEYS: `knowledge:${KNOWLEDGE_KEY}`,
          LOG_LEVEL: verbose ? 'info' : 'warn',
        },
      }),
    ),
    knowledgeUrl
      ? step('Example knowledge product', async () => {
          /** @type {unknown} */
          const example = await import(knowledgeModule);
          const { startKnowledgeExample } = /** @type {typeof import('./knowledge-example.mjs')} */ (example);
          return startKnowledgeExample({ port: knowledgePort, apiUrl, subsystemKey: KNOWLEDGE_KEY, cookieName: 'console_session_dev' });
        })
      : undefined,
    step('Web dev server', () =>
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
          VITE_AUTH_EMULATOR_URL: `http://${emulator.host}`,
        },
      }),
    ),
  ]);

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
