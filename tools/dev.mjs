// `pnpm dev`: the whole console on this machine with one command. Starts Postgres (embedded
// PGlite under .data/ unless DATABASE_URL is set), the Firebase Auth Emulator (accounts kept
// under .data/), the API, the example knowledge product and the web dev server, prints one URL
// and the seeded credentials, and stops everything on Ctrl-C.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, freePort, startApiServer, startAuthEmulator, startPglite, startWebServer } from './stack.mjs';

const DATA_DIR = join(ROOT, '.data');
const WEB_PORT = Number(process.env.WEB_PORT ?? 5173);
const AUTH_EMULATOR_PORT = Number(process.env.AUTH_EMULATOR_PORT ?? 9099);
const PROJECT_ID = 'demo-console';
const COMPANY_MAIL_DOMAIN = process.env.COMPANY_MAIL_DOMAIN ?? 'console.example.jp';
const ROOT_ACCOUNT_EMAIL = process.env.ROOT_ACCOUNT_EMAIL ?? `admin@${COMPANY_MAIL_DOMAIN}`;
const KNOWLEDGE_KEY = 'dev-knowledge-subsystem-key';
const verbose = process.env.DEV_VERBOSE === '1';

const running = [];
let stopping = false;

/** Runs pnpm: the one that started this script (npx pnpm@10 dev), else the one on PATH. */
function pnpm(args) {
  const execPath = process.env.npm_execpath;
  const [command, prefix] = execPath && /pnpm/.test(execPath) ? [process.execPath, [execPath]] : ['pnpm', []];
  execFileSync(command, [...prefix, ...args], { cwd: ROOT, stdio: 'inherit' });
}

function say(line) {
  process.stdout.write(`${line}\n`);
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  say('\nStopping…');
  for (const piece of running.reverse()) {
    try {
      await piece.stop();
    } catch (error) {
      say(`  could not stop ${piece.name}: ${error.message}`);
    }
  }
  process.exit(code);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

async function step(name, start) {
  const started = Date.now();
  process.stdout.write(`• ${name}… `);
  const piece = await start();
  running.push({ name, stop: piece.stop });
  say(`ready (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return piece;
}

async function main() {
  mkdirSync(DATA_DIR, { recursive: true });
  const log = verbose ? (chunk) => process.stdout.write(chunk) : undefined;

  say('Installing dependencies and building the API…');
  pnpm(['install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent']);
  pnpm(['exec', 'turbo', 'run', 'build', '--filter=@console/api', '--output-logs=errors-only']);

  const database = process.env.DATABASE_URL
    ? { url: process.env.DATABASE_URL, embedded: false }
    : await step('Embedded Postgres (PGlite, data in .data/pg)', () => startPglite({ dataDir: join(DATA_DIR, 'pg'), port: Number(process.env.PGLITE_PORT ?? 0) || undefined }));
  const emulator = await step('Firebase Auth Emulator (accounts in .data/auth)', () =>
    startAuthEmulator({ port: AUTH_EMULATOR_PORT, projectId: PROJECT_ID, dataDir: join(DATA_DIR, 'auth'), log }),
  );
  const webOrigin = `http://localhost:${WEB_PORT}`;
  const api = await step('API (migrations and demo data)', () =>
    startApiServer({
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
  );
  let knowledgeUrl;
  const knowledgeModule = join(ROOT, 'tools', 'knowledge-example.mjs');
  if (existsSync(knowledgeModule)) {
    const { startKnowledgeExample } = await import(knowledgeModule);
    const knowledge = await step('Example knowledge product', async () =>
      startKnowledgeExample({ port: await freePort(), apiUrl: api.url, subsystemKey: KNOWLEDGE_KEY, cookieName: 'console_session_dev' }),
    );
    knowledgeUrl = knowledge.url;
  }
  const web = await step('Web dev server', () =>
    startWebServer({
      port: WEB_PORT,
      mode: 'dev',
      apiUrl: api.url,
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
  );

  say('');
  say(`The console is running: ${web.url}`);
  say(`Sign in as the system administrator: ${ROOT_ACCOUNT_EMAIL} / console-admin-1`);
  say(`Invitation e-mails (local mailbox): ${webOrigin}/api/dev/mailbox`);
  say('Press Ctrl-C to stop everything.');
}

main().catch((error) => {
  say(`\nThe console could not start: ${error.message}`);
  void stopAll(1);
});
