// @ts-check
// The example knowledge product for local development: a tiny HTTP server (no framework) that
// serves /knowledge/, reads the console's session cookie, asks the API who is signed in
// (/session/introspect with the knowledge subsystem key) and shows it in Japanese. `pnpm dev`
// puts it behind the web dev server at /knowledge/, on the console's origin, so the cookie the
// console sets reaches it exactly as it would reach a sibling product on the shared domain.
import { createServer } from 'node:http';

const LATEST_PROJECT_STORAGE_KEY = 'console.latestProjectId';
const ID_PATTERN = /^[0-9A-Za-z]{8}$/;
/** @type {Record<string, string>} */
const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * @typedef {object} Introspection What /session/introspect answers for a valid session.
 * @property {{ name: string | null, email: string }} account
 * @property {{ projects: { projectId: string }[] }[]} memberships
 * @property {{ id: string, name: string, enabledProducts: { key: string }[] }} [project] With a `projectId` the account may see.
 */
/** @typedef {{ apiUrl: string, subsystemKey: string, cookieName: string }} ExampleOptions */

/** @param {string | null | undefined} value */
function escapeHtml(value) {
  return String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * @param {string | undefined} header
 * @param {string} name
 */
function readCookie(header, name) {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const raw = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
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
 * @param {string} apiUrl
 * @param {string} subsystemKey
 * @param {string} sessionCookie
 * @param {string | undefined} projectId
 * @returns {Promise<{ status: number, body: Introspection | undefined }>}
 */
async function introspect(apiUrl, subsystemKey, sessionCookie, projectId) {
  const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/session/introspect`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-console-subsystem-key': subsystemKey },
    body: JSON.stringify(projectId ? { sessionCookie, projectId } : { sessionCookie }),
  });
  const text = await response.text();
  /** @type {Introspection | undefined} */
  let body;
  try {
    body = text ? /** @type {Introspection} */ (JSON.parse(text)) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}

const loginLink = '<p><a href="/auth/login">コンソールにログイン</a></p>';

/**
 * @param {import('node:http').IncomingMessage} request
 * @param {ExampleOptions} options
 * @returns {Promise<{ status: number, html: string }>}
 */
async function render(request, { apiUrl, subsystemKey, cookieName }) {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const sessionCookie = readCookie(request.headers.cookie, cookieName);
  if (!sessionCookie) {
    return { status: 401, html: page('ログインしていません', `<p>ログインしていません。</p>${loginLink}`) };
  }
  const asked = url.searchParams.get('projectId') ?? undefined;
  if (asked !== undefined && !ID_PATTERN.test(asked)) {
    return {
      status: 400,
      html: page('プロジェクトが正しくありません', '<p>プロジェクトIDが正しくありません。</p><p><a href="/knowledge/">最新のプロジェクトを開く</a></p>'),
    };
  }
  const who = await introspect(apiUrl, subsystemKey, sessionCookie, undefined);
  if (who.status === 401 || who.status === 404) {
    return { status: 401, html: page('セッションが無効です', `<p>セッションが無効です。もう一度ログインしてください。</p>${loginLink}`) };
  }
  if (who.status !== 200) {
    return { status: 502, html: page('エラー', '<p>コンソールに問い合わせできませんでした。しばらくしてから再度お試しください。</p>') };
  }
  if (!who.body) return { status: 502, html: page('エラー', '<p>コンソールに問い合わせできませんでした。</p>') };
  const { account, memberships } = who.body;
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
  const result = await introspect(apiUrl, subsystemKey, sessionCookie, projectId);
  if (result.status === 403) {
    return {
      status: 403,
      html: page('権限がありません', `${accountPart}<p>このプロジェクト（${escapeHtml(projectId)}）を閲覧する権限がありません。</p>`, followLatest),
    };
  }
  if (result.status !== 200 || !result.body?.project) {
    return { status: 502, html: page('エラー', '<p>コンソールに問い合わせできませんでした。</p>') };
  }
  const project = result.body.project;
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
 * Starts the example product on `port` (0: any free port). `url` is the server's origin (the
 * proxy target); the page itself is at `${url}/knowledge/`.
 * @param {Partial<ExampleOptions> & { port?: number, host?: string }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startKnowledgeExample({ port = 0, host = '127.0.0.1', apiUrl, subsystemKey, cookieName }) {
  if (!apiUrl || !subsystemKey || !cookieName) throw new Error('startKnowledgeExample needs apiUrl, subsystemKey and cookieName');
  const options = { apiUrl, subsystemKey, cookieName };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
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
    render(request, options)
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
