// Starts the whole stack for the browser tests: a throwaway database, the Firebase Auth Emulator,
// the API (apps/api/dist), a stand-in for the knowledge product (a sibling app on the same
// origin, outside this console), and the production build of the web app served by
// `vite preview` with the same-origin proxies, a DNS server on loopback answering from a file
// the tests write (tools/dns-test-records.cjs), where the API checks domains, and an OpenID provider
// on loopback (tools/oidc-test-provider.mjs) organizations sign in through. Stack details go to the
// tests via process.env.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDnsServer } from '../../../../tools/dns-test-server.mjs';
import { startOidcProvider } from '../../../../tools/oidc-test-provider.mjs';
import { ROOT, buildApi, freePort, startApiServer, startAuthEmulator, startTestDatabase, startWebServer } from '../../../../tools/stack.mjs';

const WEB_ROOT = join(ROOT, 'apps', 'web');
const PROJECT_ID = 'demo-console-e2e';
const COMPANY_MAIL_DOMAIN = 'console.example.jp';
const ROOT_ACCOUNT_EMAIL = `root@${COMPANY_MAIL_DOMAIN}`;
const verbose = process.env.E2E_VERBOSE === '1';
const log = verbose ? (chunk) => process.stderr.write(chunk) : undefined;

function say(line) {
  process.stderr.write(`[e2e] ${line}\n`);
}

/** The knowledge product is another app; this stand-in shows which project it was opened for. */
function startKnowledgeStandIn(port) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>ナレッジ</title></head><body><h1>ナレッジ</h1><p id="project">${encodeURIComponent(url.searchParams.get('projectId') ?? '')}</p></body></html>`,
    );
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => server.close(() => r())) })),
  );
}

export default async function globalSetup() {
  const started = Date.now();
  const pieces = [];
  globalThis.__consoleWebE2e = pieces;
  try {
    buildApi({ verbose });
    const dnsRecordsFile = join(mkdtempSync(join(tmpdir(), 'console-web-e2e-dns-')), 'records.json');
    const [database, emulator, dns] = await Promise.all([
      startTestDatabase({ log: say }),
      startAuthEmulator({ projectId: PROJECT_ID, log }),
      startDnsServer({ file: dnsRecordsFile }),
    ]);
    pieces.push(database, emulator, dns);
    const webPort = await freePort();
    const origin = `http://localhost:${webPort}`;
    const oidc = await startOidcProvider({ clientId: 'console-e2e', clientSecret: 'console-e2e-secret', redirectUris: [`${origin}/api/auth/sso/callback`] });
    pieces.push(oidc);
    const api = await startApiServer({
      log,
      env: {
        APP_ENV: 'test',
        DATABASE_URL: database.url,
        DATABASE_POOL_MAX: database.embedded ? '1' : '10',
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        FIREBASE_PROJECT_ID: PROJECT_ID,
        COMPANY_MAIL_DOMAIN,
        ROOT_ACCOUNT_EMAIL,
        APP_ORIGIN: origin,
        PUBLIC_API_URL: `${origin}/api`,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'console-web-e2e-data-')),
        SEED_DEMO_DATA: 'true',
        LOG_LEVEL: verbose ? 'info' : 'warn',
        // A browser driven by tests calls much faster than people: the rate limits stay out of its way.
        RATE_LIMIT_IP_PER_MINUTE: '1000000',
        RATE_LIMIT_ACCOUNT_WRITES_PER_MINUTE: '1000000',
        RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '1000000',
        INVITATIONS_PER_ORGANIZATION_PER_DAY: '10000000',
        // Domains are verified at the loopback DNS server, quickly given up on when it does not answer.
        DNS_RESOLVER_SERVERS: dns.server,
        DNS_TIMEOUT_MS: '500',
        DNS_TRIES: '1',
        // A webhook endpoint that keeps failing is given up after a retry a second later (3 days in production).
        WEBHOOK_RETRY_BASE_SECONDS: '1',
        WEBHOOK_RETRY_SPAN_SECONDS: '2',
        // The local identity providers of the single sign-on tests (OpenID, SAML) answer over plain HTTP on loopback.
        SSO_ALLOW_INSECURE_ISSUERS: 'true',
      },
    });
    pieces.push(api);
    const knowledge = await startKnowledgeStandIn(await freePort());
    pieces.push(knowledge);

    const outDir = mkdtempSync(join(tmpdir(), 'console-web-e2e-dist-'));
    const buildEnv = {
      ...process.env,
      // Jest runs with NODE_ENV=test, with which Vite would bundle React's development build (three
      // times the script time in the browser): the tests drive the production build, as deployed.
      NODE_ENV: 'production',
      CONSOLE_WEB_OUT_DIR: outDir,
      VITE_APP_ENV: 'test',
      VITE_FIREBASE_API_KEY: 'demo-api-key',
      VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
      VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
      VITE_AUTH_EMULATOR_URL: `http://${emulator.host}`,
      VITE_API_BASE_URL: '/api',
    };
    say('building the web app…');
    execFileSync(join(WEB_ROOT, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'error'], {
      cwd: WEB_ROOT,
      env: buildEnv,
      stdio: verbose ? 'inherit' : 'pipe',
    });
    // The emulator's origin also goes to the preview server, whose Content-Security-Policy allows it (vite.config.ts).
    const web = await startWebServer({
      port: webPort,
      mode: 'preview',
      apiUrl: api.url,
      knowledgeUrl: knowledge.url,
      env: { CONSOLE_WEB_OUT_DIR: outDir, VITE_AUTH_EMULATOR_URL: buildEnv.VITE_AUTH_EMULATOR_URL },
      log,
    });
    pieces.push(web);

    process.env.E2E_WEB_ORIGIN = origin;
    // The build, for a test that serves it again under another configuration (observability).
    process.env.E2E_WEB_OUT_DIR = outDir;
    process.env.E2E_API_URL = api.url;
    process.env.E2E_DATABASE_URL = database.url;
    process.env.E2E_EMULATOR_HOST = emulator.host;
    process.env.E2E_FIREBASE_PROJECT_ID = PROJECT_ID;
    process.env.E2E_ROOT_EMAIL = ROOT_ACCOUNT_EMAIL;
    process.env.E2E_ROOT_PASSWORD = 'console-admin-1';
    // Where the tests set what the DNS server answers (tools/dns-test-records.cjs).
    process.env.TEST_DNS_RECORDS_FILE = dnsRecordsFile;
    process.env.E2E_OIDC_ISSUER = oidc.issuer;
    say(`stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${origin}/auth/`);
  } catch (error) {
    for (const piece of pieces.reverse()) await piece.stop().catch(() => {});
    throw error;
  }
}
