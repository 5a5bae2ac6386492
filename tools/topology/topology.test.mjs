// @ts-check
// The production topology, run here without containers: the web image's nginx configuration
// (Debian's nginx) in front of two API instances (the built API, migrated by the separate
// migration step) on one Postgres and one Redis, the Auth Emulator, the built web app with its
// runtime configuration, and a stand-in for SendGrid. A browser signs in, invites and accepts
// through it; then 20 concurrent clients keep calling while both instances are restarted one
// after the other (no call may fail) and while one instance is killed with SIGKILL (at most the
// calls in flight on it may fail, and no e-mail may be lost).
//
//   pnpm test:topology        (builds first; needs nginx and Chromium: .ci/run installs both)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { ROOT, emulatorIdentity, freePort, newIdentityToken, startApiServer, startAuthEmulator, startTestDatabase, waitFor } from '../stack.mjs';
import { Load, describePhase } from './load.mjs';
import { startNginx } from './nginx.mjs';
import { startSendgridStandIn } from './sendgrid-stand-in.mjs';

const PROJECT_ID = 'demo-console-topology';
const COMPANY_MAIL_DOMAIN = 'console.example.jp';
const ROOT_EMAIL = `root@${COMPANY_MAIL_DOMAIN}`;
const ROOT_PASSWORD = 'console-admin-1';
const CLIENTS = 20;
const DRAIN_MS = 5000;
/** Shorter than the 15 s default so that the test waits less for a crashed instance's e-mails. */
const MAIL_LEASE_MS = 5000;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const verbose = process.env.TOPOLOGY_VERBOSE === '1';

const say = (/** @type {string} */ line) => process.stdout.write(`[topology] ${line}\n`);
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/** @typedef {Awaited<ReturnType<typeof startApiServer>>} ApiInstance */
/** @typedef {{ id: string, name: string, roles: { id: string, key: string }[] }} Organization */
/** @typedef {{ id: string, name: string }} Project */
/**
 * The stack, set up once before the tests.
 * @typedef {object} Stack
 * @property {Awaited<ReturnType<typeof startTestDatabase>>} database
 * @property {Awaited<ReturnType<typeof startAuthEmulator>>} emulator
 * @property {Awaited<ReturnType<typeof startSendgridStandIn>>} sendgrid
 * @property {Awaited<ReturnType<typeof startNginx>>} nginx
 * @property {import('playwright-core').Browser} browser
 * @property {string} origin The web server's origin, e.g. http://localhost:8080
 * @property {string} webRoot
 * @property {string} dataDir
 * @property {string} rateLimitPrefix
 * @property {number[]} apiPorts
 * @property {[ApiInstance, ApiInstance]} apis
 * @property {string} rootToken The system administrator's ID token.
 * @property {Organization} organization
 * @property {Project} project
 */

/** @type {{ stop: () => Promise<unknown> }[]} */
const pieces = [];
/** Filled in by the first `before`; `after` stops what it got to. */
const state = /** @type {Stack} */ ({});

/**
 * Starts (or restarts) API instance `i` on its own port.
 * @param {number} i
 * @param {{ seed?: boolean }} [options]
 */
async function startInstance(i, { seed = false } = {}) {
  const started = Date.now();
  const instance = await startApiServer({
    port: state.apiPorts[i],
    log: verbose ? (chunk) => process.stderr.write(`[api ${i}] ${chunk}`) : undefined,
    env: {
      APP_ENV: 'test',
      DATABASE_URL: state.database.url,
      MIGRATE_ON_START: 'false',
      FIREBASE_AUTH_EMULATOR_HOST: state.emulator.host,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      COMPANY_MAIL_DOMAIN,
      ROOT_ACCOUNT_EMAIL: ROOT_EMAIL,
      APP_ORIGIN: state.origin,
      PUBLIC_API_URL: `${state.origin}/api`,
      DATA_DIR: state.dataDir,
      SEED_DEMO_DATA: seed ? 'true' : 'false',
      // The web server in front (nginx, connecting from loopback) is the one proxy whose
      // X-Forwarded-For is believed, as the production stack names its own.
      TRUSTED_PROXIES: '127.0.0.1',
      REDIS_URL: 'redis://127.0.0.1:6379',
      RATE_LIMIT_KEY_PREFIX: state.rateLimitPrefix,
      // 20 synthetic clients call far faster than people do: the limits are not what is tested here.
      RATE_LIMIT_IP_PER_MINUTE: '1000000',
      RATE_LIMIT_ACCOUNT_WRITES_PER_MINUTE: '1000000',
      SENDGRID_API_KEY: 'SG.topology-test',
      SENDGRID_API_URL: state.sendgrid.url,
      MAIL_POLL_INTERVAL_MS: '200',
      MAIL_LEASE_MS: String(MAIL_LEASE_MS),
      // The killed instance's e-mail job is retried once it expired (MAIL_LEASE_MS), an instance
      // looked (every QUEUE_SUPERVISE_INTERVAL_SECONDS) and its first retry delay passed (1-2 s here).
      MAIL_RETRY_BASE_MS: '1000',
      QUEUE_SUPERVISE_INTERVAL_SECONDS: '2',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      LOG_LEVEL: verbose ? 'info' : 'warn',
    },
  });
  say(`API instance ${i} ready on :${state.apiPorts[i]} in ${Date.now() - started} ms`);
  return instance;
}

/**
 * POSTs to the API through the web server; throws with the body on a non-OK answer.
 * @param {string} path
 * @param {string} idToken
 * @returns {Promise<unknown>} The answer's body.
 */
async function api(path, idToken, body = {}) {
  const response = await fetch(`${state.origin}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json', origin: state.origin },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  /** @type {unknown} */
  const answer = text ? JSON.parse(text) : null;
  return answer;
}

let serial = 0;
const uniqueEmail = (/** @type {string} */ prefix) => `${prefix}-${Date.now().toString(36)}-${(serial += 1)}@example.com`;

before(async () => {
  const started = Date.now();
  for (const built of [join(ROOT, 'apps', 'api', 'dist', 'main.js'), join(ROOT, 'apps', 'web', 'dist', 'index.html')]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run pnpm build first (pnpm test:topology does)`);
  }
  const [database, emulator, sendgrid] = await Promise.all([
    startTestDatabase({ log: say }),
    startAuthEmulator({ projectId: PROJECT_ID }),
    startSendgridStandIn({ delayMs: 100 }),
  ]);
  pieces.push(database, emulator, sendgrid);
  assert.equal(database.embedded, false, 'the topology test needs a Postgres server (TEST_DATABASE_URL)');
  Object.assign(state, { database, emulator, sendgrid });

  // Migrations are their own step, before any instance starts (the instances do not migrate).
  execFileSync(process.execPath, [join(ROOT, 'apps', 'api', 'dist', 'migrate.js')], {
    env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
    stdio: verbose ? 'inherit' : 'pipe',
  });

  const webPort = await freePort();
  state.origin = `http://localhost:${webPort}`;
  // The built web app, unchanged, with this environment's runtime configuration next to it.
  state.webRoot = mkdtempSync(join(tmpdir(), 'console-topology-web-'));
  chmodSync(state.webRoot, 0o755);
  cpSync(join(ROOT, 'apps', 'web', 'dist'), join(state.webRoot, 'auth'), { recursive: true });
  execFileSync('sh', [join(ROOT, 'apps', 'web', 'nginx', 'write-runtime-config.sh'), join(state.webRoot, 'auth', 'runtime-config.js')], {
    env: {
      PATH: process.env.PATH,
      CONSOLE_ENV: 'test',
      FIREBASE_API_KEY: 'demo-api-key',
      FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      AUTH_EMULATOR_URL: `http://${emulator.host}`,
      API_BASE_URL: '/api',
    },
  });
  state.dataDir = mkdtempSync(join(tmpdir(), 'console-topology-data-'));
  state.rateLimitPrefix = `console:topology:${Date.now().toString(36)}:`;

  state.apiPorts = [await freePort(), await freePort()];
  state.apis = [await startInstance(0, { seed: true }), await startInstance(1)];
  // The page signs in at the Auth Emulator: the test environment's CSP allows its origin.
  state.nginx = await startNginx({
    port: webPort,
    webRoot: state.webRoot,
    apiServers: state.apiPorts.map((p) => `127.0.0.1:${p}`),
    cspConnectSrc: `http://${emulator.host}`,
  });
  state.browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  state.rootToken = await emulatorIdentity(state.emulator.host, 'signInWithPassword', ROOT_EMAIL, ROOT_PASSWORD);
  const organization = /** @type {Organization} */ (
    await api('/system-admin/organization/create', state.rootToken, { name: `トポロジー組織-${Date.now().toString(36)}`, profileImageSrc: null })
  );
  const project = /** @type {Project} */ (
    await api('/system-admin/project/create', state.rootToken, { organizationId: organization.id, name: 'トポロジープロジェクト' })
  );
  Object.assign(state, { organization, project });
  say(`stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${state.origin}/auth/ (nginx → API :${state.apiPorts.join(', :')})`);
});

after(async () => {
  await state.browser?.close();
  await state.nginx?.stop();
  for (const instance of state.apis ?? []) await instance.stop();
  for (const piece of pieces.reverse()) await piece.stop().catch(() => {});
  for (const dir of [state.webRoot, state.dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('production topology', () => {
  it('serves the built app with its runtime configuration and the API through one origin', async () => {
    const index = await fetch(`${state.origin}/auth/projects`);
    assert.equal(index.status, 200);
    assert.equal(index.headers.get('cache-control'), 'no-cache');
    assert.match(index.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    assert.match(await index.text(), /runtime-config\.js/);
    const config = await fetch(`${state.origin}/auth/runtime-config.js`);
    assert.equal(config.headers.get('cache-control'), 'no-cache');
    assert.match(await config.text(), new RegExp(PROJECT_ID));
    const ready = await fetch(`${state.origin}/api/readyz`);
    assert.equal(ready.status, 200);
    // The build's manifest stays in the image, unserved (and not answered with the app either).
    const manifest = await fetch(`${state.origin}/auth/.vite/manifest.json`);
    assert.equal(manifest.status, 404);
    assert.doesNotMatch(await manifest.text(), /runtime-config\.js/);
  });

  it('a browser signs in, invites, and the invited person accepts, all through the web server', async () => {
    const invited = uniqueEmail('topology-invitee');
    const admin = await state.browser.newContext({ locale: 'ja-JP' });
    const invitee = await state.browser.newContext({ locale: 'ja-JP' });
    const page = await admin.newPage();
    /** @type {string[]} */
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    try {
      page.setDefaultTimeout(20_000);
      await page.goto(`${state.origin}/auth/login`);
      await page.getByLabel('メールアドレス').fill(ROOT_EMAIL);
      await page.getByLabel('パスワード', { exact: true }).fill(ROOT_PASSWORD);
      await page.getByRole('button', { name: 'ログイン', exact: true }).click();
      // The sign-in goes on through /auth/projects/latest and the root's project to that project's
      // product (a full page load); going elsewhere before it arrives would be cut off by it.
      await page.waitForURL((url) => !url.pathname.endsWith('/login') && !url.pathname.startsWith('/auth/projects/'));
      await page.goto(`${state.origin}/auth/organizations/${state.organization.id}/settings/projects/${state.project.id}?view=members`);
      await page.getByRole('button', { name: 'メンバーを招待' }).click();
      const dialog = page.getByRole('dialog', { name: `${state.project.name}にメンバーを招待` });
      await dialog.getByRole('textbox', { name: 'ユーザー名またはメールアドレス' }).fill(invited);
      await dialog.getByRole('textbox', { name: 'ユーザー名またはメールアドレス' }).press('Enter');
      await dialog.getByRole('button', { name: '招待する' }).click();
      await page.locator('.mantine-Notification-title', { hasText: 'メンバーを招待しました' }).first().waitFor();

      // The invitation e-mail went out through the SendGrid sender; its link leads to this origin.
      const mail = await waitFor(() => state.sendgrid.deliveries.find((d) => d.to === invited), 'the invitation e-mail', 30_000);
      const link = /https?:\/\/\S+\/auth\/invitations\/\S+/.exec(mail.text)?.[0] ?? '';
      assert.ok(link.startsWith(`${state.origin}/auth/invitations/`), `invitation link in: ${mail.text}`);

      const guest = await invitee.newPage();
      guest.setDefaultTimeout(20_000);
      await guest.goto(link);
      await guest.waitForURL((url) => url.pathname.endsWith('/sign-up'));
      await guest.getByLabel('メールアドレス').fill(invited);
      await guest.getByLabel('パスワード', { exact: true }).fill('invitee-pass-1');
      await guest.getByRole('button', { name: '登録する' }).click();
      await guest.waitForURL((url) => url.pathname.includes('/auth/invitations/'));
      await guest.getByRole('button', { name: '招待を承諾' }).click();
      await guest.locator('.mantine-Notification-title', { hasText: '招待を承諾しました' }).first().waitFor();
      await guest.waitForURL((url) => url.pathname === '/auth/projects');
      await guest.getByTestId('project-list').getByRole('link', { name: state.project.name }).waitFor();
      await guest.screenshot({ path: join(tmpdir(), 'console-topology-accepted.png') });
    } catch (error) {
      await page.screenshot({ path: join(tmpdir(), 'console-topology-failure.png') });
      throw new Error(`${error instanceof Error ? error.message : String(error)}\nbrowser errors: ${errors.join('\n') || 'none'}`, { cause: error });
    } finally {
      await admin.close();
      await invitee.close();
    }
  });

  describe('under 20 concurrent clients', () => {
    /** @type {Load} */
    let load;

    before(async () => {
      const clients = [];
      for (let i = 0; i < CLIENTS; i += 1) {
        const idToken = await newIdentityToken(state.emulator.host, uniqueEmail(`topology-client${i}`), 'client-pass-1');
        await api('/account/create', idToken);
        clients.push({ idToken });
      }
      load = new Load({ apiUrl: `${state.origin}/api`, origin: state.origin, clients });
    });

    it('a rolling restart of both API instances loses no request', async () => {
      load.start();
      load.startPhase('steady');
      await sleep(2000);
      const restarts = load.startPhase('rolling restart');
      for (const i of /** @type {const} */ ([0, 1])) {
        const stopped = Date.now();
        await state.apis[i].stop();
        say(`API instance ${i} stopped (SIGTERM, ${DRAIN_MS} ms drain) in ${Date.now() - stopped} ms`);
        state.apis[i] = await startInstance(i);
      }
      load.startPhase('after restart');
      await sleep(2000);
      await load.stop();
      const phases = load.phases.splice(0);
      for (const phase of phases) say(describePhase(phase));
      for (const phase of phases) assert.equal(phase.failed, 0, `${describePhase(phase)}\n${phase.failures.join('\n')}\nnginx: ${state.nginx.errorLog()}`);
      assert.ok(restarts.sent > 0);
    });

    it('a kill -9 of one instance loses only calls it had taken (in flight, or sent to it as it died), and no e-mail', async () => {
      // E-mails in the outbox while the instance dies: 30 invitations, delivered 100 ms apiece.
      const invited = Array.from({ length: 30 }, (_, i) => uniqueEmail(`topology-crash${i}`));
      const memberRole = state.organization.roles.find((r) => r.key === 'member');
      assert.ok(memberRole, 'the organization has the member role');
      const entries = /** @type {{ invitation?: unknown }[]} */ (
        await api('/organization/inviteMembers', state.rootToken, {
          organizationId: state.organization.id,
          emails: invited,
          props: { roleId: memberRole.id, projects: [] },
        })
      );
      assert.equal(entries.filter((e) => e.invitation).length, invited.length);
      const deliveredBefore = state.sendgrid.deliveries.length;
      const loggedBefore = state.nginx.accessLogLines();

      load.start();
      load.startPhase('before kill');
      await sleep(500);
      const killed = load.startPhase('kill -9');
      const killedAt = Date.now();
      state.apis[0].signal('SIGKILL');
      await state.apis[0].exited;
      const inFlightMail = state.sendgrid.deliveries.length - deliveredBefore;
      say(`API instance 0 killed with SIGKILL (${inFlightMail} of ${invited.length} e-mails delivered so far)`);
      await sleep(2000);
      load.startPhase('instance 0 restarting');
      state.apis[0] = await startInstance(0);
      load.startPhase('after restart');
      await sleep(2000);
      await load.stop();
      const phases = load.phases.splice(0);
      for (const phase of phases) say(describePhase(phase));
      for (const phase of phases) if (phase !== killed) assert.equal(phase.failed, 0, `${phase.name}: ${phase.failures.join('\n')}`);
      // Lost are only calls the killed instance had taken: in flight as it died, or sent on a
      // connection to it in the moment before the web server saw it gone. All of them were answered
      // 502 for the killed instance, within a second of the kill; the other instance lost none.
      const killedUpstream = `127.0.0.1:${state.apiPorts[0]}`;
      const badGateways = state.nginx.badGatewaysByUpstream(loggedBefore);
      say(
        `kill -9: ${killed.failed} calls lost, all within ${killed.lastFailureAt ? killed.lastFailureAt - killedAt : 0} ms of the kill; 502 by instance ${JSON.stringify(badGateways)} (${CLIENTS} clients, one call in flight each)`,
      );
      assert.deepEqual(Object.keys(badGateways), killed.failed > 0 ? [killedUpstream] : []);
      assert.equal(badGateways[killedUpstream] ?? 0, killed.failed);
      assert.ok(killed.lastFailureAt === 0 || killed.lastFailureAt - killedAt < 1000, `a call failed ${killed.lastFailureAt - killedAt} ms after the kill`);

      // No e-mail lost: every invitation reaches its address, also those the dead instance held.
      const started = Date.now();
      await waitFor(() => invited.every((email) => state.sendgrid.deliveries.some((d) => d.to === email)), 'every invitation e-mail', MAIL_LEASE_MS + 30_000);
      const crashMail = state.sendgrid.deliveries.filter((d) => d.to !== undefined && invited.includes(d.to));
      /** @type {Map<string | undefined, number>} */
      const ids = new Map();
      for (const d of crashMail) ids.set(d.messageId, (ids.get(d.messageId) ?? 0) + 1);
      const duplicates = [...ids.values()].reduce((sum, n) => sum + n - 1, 0);
      say(
        `e-mails: ${invited.length} invitations, ${crashMail.length} deliveries, ${ids.size} distinct message ids, ${duplicates} duplicates, all delivered ${Date.now() - started} ms after the restart`,
      );
      assert.equal(ids.size, invited.length);
      assert.ok(duplicates <= 1, `${duplicates} duplicates`);
    });
  });
});
