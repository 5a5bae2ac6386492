import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { expectToast, fillLogin, setUpBrowserSessions } from './support/browser';
import { stackTools, writeRuntimeConfig } from './support/fake-collectors';
import { api, rootIdToken, stack, suffix } from './support/stack';

const { session } = setUpBrowserSessions();

/** The timeout the page is configured with (API_TIMEOUT_MS), short so that the tests are quick. */
const API_TIMEOUT_MS = 1_000;
const ERROR_SCREEN_TITLE = '予期しないエラーが発生しました';

/**
 * What the stand-in in front of the API does with a call: `pass` forwards it and its answer;
 * `hang` accepts it and never answers (an API that is stopped but still holds its port, or a
 * black-hole proxy); `swallow` forwards it, lets the API run it, and never passes the answer on.
 */
type ProxyMode = 'pass' | 'hang' | 'swallow';

interface SeenCall {
  path: string;
  idempotencyKey: string | undefined;
}

interface ApiProxy {
  url: string;
  mode: ProxyMode;
  calls: SeenCall[];
  close(): Promise<void>;
}

/** Forwards a call to the API; resolves with the API's answer, its body read. */
function forward(incoming: IncomingMessage, body: Buffer): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
  const target = new URL(incoming.url ?? '/', stack.apiUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(target, { method: incoming.method, headers: { ...incoming.headers, host: target.host } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }));
      answer.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function startApiProxy(): Promise<ApiProxy> {
  const sockets = new Set<Socket>();
  const proxy: ApiProxy = { url: '', mode: 'pass', calls: [], close: () => Promise.resolve() };
  const server: Server = createServer((incoming, response) => {
    const mode = proxy.mode;
    const key = incoming.headers['idempotency-key'];
    proxy.calls.push({ path: incoming.url ?? '', idempotencyKey: typeof key === 'string' ? key : undefined });
    if (mode === 'hang') return;
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      forward(incoming, Buffer.concat(chunks)).then(
        (answer) => {
          if (mode === 'pass') response.writeHead(answer.status, answer.headers).end(answer.body);
        },
        () => response.destroy(),
      );
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return proxy;
}

interface Started {
  proxy: ApiProxy;
  web: { origin: string; stop(): Promise<void> };
  runtimeConfig: string;
}

let started: Started | undefined;

function running(): Started {
  if (!started) throw new Error('the web server in front of the stand-in did not start');
  return started;
}

beforeAll(async () => {
  const proxy = await startApiProxy();
  const outDir = process.env.E2E_WEB_OUT_DIR;
  if (!outDir) throw new Error('E2E_WEB_OUT_DIR is not set: the e2e global setup did not run');
  // The e2e build again, its /api proxied to the stand-in, as nginx proxies it to the API pool.
  const tools = await stackTools();
  const web = await tools.startWebServer({
    port: await tools.freePort(),
    mode: 'preview',
    apiUrl: proxy.url,
    env: { CONSOLE_WEB_OUT_DIR: outDir, VITE_AUTH_EMULATOR_URL: `http://${stack.emulatorHost}` },
  });
  started = {
    proxy,
    web: { origin: new URL(web.url).origin, stop: () => web.stop() },
    runtimeConfig: writeRuntimeConfig({ CONSOLE_ENV: 'test', API_TIMEOUT_MS: String(API_TIMEOUT_MS) }),
  };
});

afterAll(async () => {
  await started?.web.stop();
  await started?.proxy.close();
});

afterEach(() => {
  if (started) started.proxy.mode = 'pass';
});

/** The page reads the runtime config the web image would write with API_TIMEOUT_MS set. */
async function configure(context: BrowserContext): Promise<void> {
  await context.route(`${running().web.origin}/auth/runtime-config.js`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: running().runtimeConfig }),
  );
}

async function signInAsRoot(page: Page, path: string): Promise<void> {
  await page.goto(`${running().web.origin}/auth/login`);
  await fillLogin(page, stack.root.email, stack.root.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  await page.goto(`${running().web.origin}/auth${path}`);
}

function callsTo(path: string): SeenCall[] {
  return running().proxy.calls.filter((call) => call.path === path);
}

describe('an API that accepts calls and never answers', () => {
  it('ends a reload in the error screen instead of 読み込み中..., and its button loads the page once the API answers again', async () => {
    const { context, page } = session();
    await configure(context);
    await signInAsRoot(page, '/system-admin/members');
    await page.getByTestId('accounts-table').waitFor();

    running().proxy.mode = 'hang';
    const reloaded = Date.now();
    await page.reload();
    await page.getByRole('heading', { name: ERROR_SCREEN_TITLE }).waitFor({ timeout: 10_000 });
    // The account read is not retried (docs/product-rules.md#limits): one timeout and the screen says so.
    expect(Date.now() - reloaded).toBeLessThan(8_000);
    await expect(page.getByText('読み込み中...').count()).resolves.toBe(0);

    running().proxy.mode = 'pass';
    await page.getByRole('button', { name: '再読み込み' }).click();
    await page.getByTestId('accounts-table').waitFor();
    await page.getByTestId('account-row').filter({ hasText: stack.root.email }).waitFor();
  });

  it('retries a list read on the spec schedule, then shows the list error with 再読み込み, which reads it once the API answers', async () => {
    const { context, page } = session();
    await configure(context);
    await signInAsRoot(page, '/system-admin/members');
    await page.getByTestId('accounts-table').waitFor();

    running().proxy.mode = 'hang';
    const before = callsTo('/system-admin/project/listAll').length;
    await page.getByRole('tab', { name: '組織・プロジェクト' }).click();
    const list = page.getByTestId('organization-list');
    // 4 attempts of 1 s, 1 + 2 + 4 s apart.
    await list.getByTestId('list-error').waitFor({ timeout: 30_000 });
    expect(callsTo('/system-admin/project/listAll').length - before).toBe(4);

    running().proxy.mode = 'pass';
    await list.getByRole('button', { name: '再読み込み' }).click();
    await list.getByTestId('organization-group').first().waitFor();
  });

  it('says that a write not answered in time has an unknown result; running it again sends the same Idempotency-Key and creates one organization', async () => {
    const { context, page } = session();
    await configure(context);
    await signInAsRoot(page, '/system-admin/orgs-and-projects');
    await page.getByTestId('organization-list').waitFor();
    const name = `応答待ち組織-${suffix()}`;

    // The API creates the organization; its answer never reaches the page.
    running().proxy.mode = 'swallow';
    await page.getByRole('button', { name: '組織を作成' }).click();
    const dialog = page.getByRole('dialog', { name: '組織を作成' });
    await dialog.getByLabel('組織名').fill(name);
    await dialog.getByRole('button', { name: '作成する' }).click();
    await expectToast(page, 'サーバーから応答がありませんでした');
    await page.getByText('処理が完了したかどうかを確認できませんでした。').waitFor();

    running().proxy.mode = 'pass';
    await dialog.getByRole('button', { name: '作成する' }).click();
    await expectToast(page, '組織を作成しました');

    const creates = callsTo('/system-admin/organization/create');
    expect(creates).toHaveLength(2);
    expect(creates[0]?.idempotencyKey).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(creates[1]?.idempotencyKey).toBe(creates[0]?.idempotencyKey);
    const found = await api<{ items: { name: string }[] }>('/system-admin/organization/listAll', await rootIdToken(), { limit: 50, query: name });
    expect(found.items.map((organization) => organization.name)).toEqual([name]);
  });
});
