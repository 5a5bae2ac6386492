// @ts-check
// The example knowledge product for local development: a tiny HTTP server (no framework) that
// serves /knowledge/, reads the console's session cookie, asks the API who is signed in
// (/session/introspect with the knowledge product's secret, through @console/client) and shows it
// in Japanese. With a webhook secret it also keeps its own view of who may open each project
// (/service/membership/get, scope memberships:read), which the console's change events
// (POST /knowledge/webhooks/console, verified with verifyWebhook) bring up to date: a member
// removed in the console is refused as soon as the event arrives. `pnpm dev` puts it behind the web
// dev server at /knowledge/, on the console's origin, so the cookie the console sets reaches it
// exactly as it would reach a sibling product on the shared domain.
import { createConsoleClient, SessionHelper, verifyWebhook, WebhookVerificationError } from '@console/client';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

const LATEST_PROJECT_STORAGE_KEY = 'console.latestProjectId';
const ID_PATTERN = /^[0-9A-Za-z]{8}$/;
/** @type {Record<string, string>} */
const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Where the console delivers its change events. */
export const WEBHOOK_PATH = '/knowledge/webhooks/console';
/** How long the console's answer about a session is reused (the view, not this cache, refuses a removed member). */
const SESSION_CACHE_MS = 10_000;
/** How long an answer of the view is kept without an event about it (events may be missed while the product is down). */
const VIEW_MAX_AGE_MS = 10 * 60_000;
/** The largest webhook body read. */
const WEBHOOK_MAX_BYTES = 1024 * 1024;

/**
 * @typedef {object} ExampleOptions
 * @property {string} apiUrl
 * @property {string} subsystemKey The product's service credential secret (or, in development, its environment key).
 * @property {string} cookieName
 * @property {string} [webhookSecret] The secret (whsec_…) of the console's webhook endpoint at WEBHOOK_PATH; with it the
 *   example keeps its view of who may open a project (the credential needs memberships:read and events:receive).
 */
/** @typedef {import('@console/client').SessionIntrospection} Introspection */

/** @param {string | null | undefined} value */
function escapeHtml(value) {
  return String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * @param {string} title
 * @param {string} body
 */
function page(title, body, script = '') {
  return `<!doctype html>
<html lang="ja">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} | ナレッジ</title>
<style>body{font-family:sans-serif;max-width:720px;margin:3rem auto;padding:0 1rem;line-height:1.7}dl{display:grid;grid-template-columns:10rem 1fr;gap:.25rem 1rem}dt{color:#666}.note{color:#666;font-size:.9rem}</style></head>
<body>
<h1>ナレッジ（サンプル）</h1>
${body}
${script}
</body>
</html>`;
}

/**
 * The project to show when none is asked for: the last project the account was given.
 * @param {Introspection['memberships']} memberships
 */
function latestProjectId(memberships) {
  const projects = memberships.flatMap((m) => m.projects.map((p) => p.projectId));
  return projects.at(-1);
}

/**
 * Who may open which project, as the console last said (/service/membership/get: the permission
 * project.view), per project and account. A change event about a project, an organization or an
 * account forgets what the view knew about it, so the next request asks the console again, which
 * has committed the change with its event.
 */
class AccessView {
  /** @type {Map<string, { projectId: string, accountId: string, organizationId: string | null, allowed: boolean, until: number }>} */
  entries = new Map();

  /** @param {import('@console/client').ConsoleClient} client */
  constructor(client) {
    this.client = client;
  }

  /**
   * @param {string} projectId
   * @param {string} accountId
   */
  async allowed(projectId, accountId) {
    const key = `${projectId} ${accountId}`;
    const known = this.entries.get(key);
    if (known && known.until > Date.now()) return known.allowed;
    const { data, response } = await this.client.POST('/service/membership/get', { body: { projectId, accountId } });
    // 404: no such project or account for this product, which is as good as a refusal.
    if (!data && response.status !== 404) throw new Error(`membership/get answered ${response.status}`);
    const allowed = data?.permissions.includes('project.view') ?? false;
    this.entries.set(key, { projectId, accountId, organizationId: data?.organizationId ?? null, allowed, until: Date.now() + VIEW_MAX_AGE_MS });
    return allowed;
  }

  /** @param {import('@console/client').ConsoleEvent} event */
  apply(event) {
    const { projectId, organizationId, accountId } = event.data;
    for (const [key, entry] of this.entries) {
      if (entry.projectId === projectId || (organizationId !== undefined && entry.organizationId === organizationId) || entry.accountId === accountId) {
        this.entries.delete(key);
      }
    }
  }
}

const loginLink = '<p><a href="/auth/login">コンソールにログイン</a></p>';

/**
 * @param {import('node:http').IncomingMessage} request
 * @param {SessionHelper} sessions
 * @param {AccessView | undefined} view
 * @returns {Promise<{ status: number, html: string }>}
 */
async function render(request, sessions, view) {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const cookie = request.headers.cookie;
  const asked = url.searchParams.get('projectId') ?? undefined;
  if (asked !== undefined && !ID_PATTERN.test(asked)) {
    return {
      status: 400,
      html: page('プロジェクトが正しくありません', '<p>プロジェクトIDが正しくありません。</p><p><a href="/knowledge/">最新のプロジェクトを開く</a></p>'),
    };
  }
  const who = await sessions.introspect(cookie);
  if (who.status === 'noCookie') {
    return { status: 401, html: page('ログインしていません', `<p>ログインしていません。</p>${loginLink}`) };
  }
  if (who.status === 'signedOut') {
    return { status: 401, html: page('セッションが無効です', `<p>セッションが無効です。もう一度ログインしてください。</p>${loginLink}`) };
  }
  if (who.status !== 'signedIn') {
    return { status: 502, html: page('エラー', '<p>コンソールに問い合わせできませんでした。しばらくしてから再度お試しください。</p>') };
  }
  const { account, memberships } = who.session;
  const projectId = asked ?? latestProjectId(memberships);
  const accountPart = `<dl><dt>ログイン中</dt><dd>${escapeHtml(account.name ?? '未設定')}（${escapeHtml(account.email)}）</dd><dt>所属組織</dt><dd>${memberships.length}件</dd></dl>`;
  // Without an explicit project, follow the console's remembered latest project (same origin, so its local storage is ours too).
  const followLatest =
    asked === undefined
      ? `<script>(function(){try{var id=localStorage.getItem(${JSON.stringify(LATEST_PROJECT_STORAGE_KEY)});if(id&&/^[0-9A-Za-z]{8}$/.test(id)&&id!==${JSON.stringify(projectId ?? '')}){location.replace('?projectId='+encodeURIComponent(id));}}catch(e){}})();</script>`
      : '';
  if (!projectId) {
    return { status: 200, html: page('プロジェクトがありません', `${accountPart}<p>利用できるプロジェクトがありません。</p>`, followLatest) };
  }
  const refused = {
    status: 403,
    html: page('権限がありません', `${accountPart}<p>このプロジェクト（${escapeHtml(projectId)}）を閲覧する権限がありません。</p>`, followLatest),
  };
  if (view && !(await view.allowed(projectId, account.id))) return refused;
  const result = await sessions.introspect(cookie, projectId);
  if (result.status === 'projectNotVisible') return refused;
  if (result.status !== 'signedIn' || !result.session.project) {
    return { status: 502, html: page('エラー', '<p>コンソールに問い合わせできませんでした。</p>') };
  }
  const project = result.session.project;
  const knowledge = project.enabledProducts.some((p) => p.key === 'knowledge');
  const projectPart = `<dl><dt>プロジェクト</dt><dd>${escapeHtml(project.name)}（${escapeHtml(project.id)}）</dd><dt>ナレッジ</dt><dd>${knowledge ? '利用中' : 'このプロジェクトでは利用できません'}</dd></dl>`;
  return {
    status: 200,
    html: page(
      project.name,
      `${accountPart}${projectPart}<p class="note"><a href="/auth/projects/${encodeURIComponent(project.id)}">コンソールに戻る</a></p>`,
      followLatest,
    ),
  };
}

/**
 * A delivery of the console's webhooks: verified (signature, timestamp, id not seen before), then
 * applied to the view; 204 once applied, 400 when refused (the console gives up on it), 413 for
 * a body too large.
 * @param {import('node:http').IncomingMessage} request
 * @param {string} secret
 * @param {AccessView} view
 * @returns {Promise<number>}
 */
async function receiveEvent(request, secret, view) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of /** @type {AsyncIterable<Buffer>} */ (request)) {
    size += chunk.length;
    if (size > WEBHOOK_MAX_BYTES) return 413;
    chunks.push(chunk);
  }
  try {
    view.apply(await verifyWebhook(Buffer.concat(chunks), request.headers, { secret }));
  } catch (error) {
    if (error instanceof WebhookVerificationError) return 400;
    throw error;
  }
  return 204;
}

/**
 * Starts the example product on `port` (0: any free port). `url` is the server's origin (the
 * proxy target); the page itself is at `${url}/knowledge/`, the webhook endpoint at `${url}${WEBHOOK_PATH}`.
 * @param {Partial<ExampleOptions> & { port?: number, host?: string }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startKnowledgeExample({ port = 0, host = '127.0.0.1', apiUrl, subsystemKey, cookieName, webhookSecret }) {
  if (!apiUrl || !subsystemKey || !cookieName) throw new Error('startKnowledgeExample needs apiUrl, subsystemKey and cookieName');
  const client = createConsoleClient({ baseUrl: apiUrl, secret: subsystemKey });
  const sessions = new SessionHelper({ client, cookieName, cacheMs: SESSION_CACHE_MS });
  const view = webhookSecret ? new AccessView(client) : undefined;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === WEBHOOK_PATH && request.method === 'POST' && webhookSecret && view) {
      receiveEvent(request, webhookSecret, view)
        .then((status) => response.writeHead(status).end())
        .catch(() => response.writeHead(500).end());
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (path === '/knowledge') {
      response.writeHead(308, { location: '/knowledge/' }).end();
      return;
    }
    if (!path.startsWith('/knowledge/')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('見つかりません');
      return;
    }
    render(request, sessions, view)
      .then(({ status, html }) => {
        response
          .writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
          .end(request.method === 'HEAD' ? undefined : html);
      })
      .catch(() => {
        response.writeHead(502, { 'content-type': 'text/html; charset=utf-8' }).end(page('エラー', '<p>コンソールに問い合わせできませんでした。</p>'));
      });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// Run on its own (`node tools/knowledge-example.mjs`, as the browser tests do): the options from
// KNOWLEDGE_API_URL, KNOWLEDGE_SECRET, KNOWLEDGE_COOKIE_NAME, KNOWLEDGE_WEBHOOK_SECRET and
// KNOWLEDGE_PORT; prints its origin, and stops on SIGTERM.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const example = await startKnowledgeExample({
    port: Number(process.env.KNOWLEDGE_PORT ?? 0),
    apiUrl: process.env.KNOWLEDGE_API_URL,
    subsystemKey: process.env.KNOWLEDGE_SECRET,
    cookieName: process.env.KNOWLEDGE_COOKIE_NAME,
    webhookSecret: process.env.KNOWLEDGE_WEBHOOK_SECRET || undefined,
  });
  process.stdout.write(`${example.url}\n`);
  process.once('SIGTERM', () => void example.stop().then(() => process.exit(0)));
}
