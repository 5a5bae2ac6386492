// @ts-check
// The baseline of `pnpm bench`: a raw node:http + pg server answering the benchmarked calls with
// the same work as the API and nothing else — the same ID token check (the API's own, through its
// package export `@console/api/token-check`: local verification, the same token and revocation
// caches, configured from the environment as the API is) and the same SQL statements, read from
// BENCH_STATEMENTS (captured from the API by tools/bench.mjs), sent one after the other on the pool,
// prepared where the API prepared them.
// It answers with the rows those statements read, as JSON. Configured by the API's environment.
//   BENCH_STATEMENTS=statements.json node tools/bench/baseline.mjs
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import pg from 'pg';

/** @typedef {{ text: string, values: unknown[], prepared: boolean }} Statement */
/**
 * apps/api/src/token-check.ts
 * @typedef {{ server: { host: string, port: number }, database: { url: string, poolMax: number }, verifyIdToken(token: string): Promise<void> }} TokenCheck
 */

/** @type {unknown} the API's build (CommonJS), through its package exports */
const tokenCheckModule = createRequire(import.meta.url)('@console/api/token-check');
const { tokenCheck } = /** @type {{ tokenCheck: () => TokenCheck }} */ (tokenCheckModule);

const check = tokenCheck();
/** @type {unknown} */
const captured = process.env.BENCH_STATEMENTS ? JSON.parse(readFileSync(process.env.BENCH_STATEMENTS, 'utf8')) : {};
const statements = /** @type {Record<string, Statement[]>} */ (captured);
const pool = new pg.Pool({ connectionString: check.database.url, max: check.database.poolMax });
/** The name of each statement the API prepared, by its text (the API's typed SQL path names them so). */
const names = new Map(
  Object.values(statements)
    .flat()
    .filter((statement) => statement.prepared)
    .map((statement, index) => [statement.text, `baseline_${index + 1}`]),
);

/**
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {unknown} body
 */
function send(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/** @param {import('node:http').IncomingMessage} request */
async function readJson(request) {
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of /** @type {AsyncIterable<Buffer>} */ (request)) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? {} : /** @type {unknown} */ (JSON.parse(text));
}

/**
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {Statement[]} sql
 */
async function answerCall(request, response, sql) {
  try {
    await readJson(request);
  } catch {
    send(response, 400, { errorCode: 'VALIDATION_FAILED' });
    return;
  }
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) {
    send(response, 401, { errorCode: 'UNAUTHENTICATED' });
    return;
  }
  try {
    await check.verifyIdToken(token);
  } catch {
    send(response, 401, { errorCode: 'UNAUTHENTICATED' });
    return;
  }
  /** @type {unknown[]} */
  const rows = [];
  for (const { text, values } of sql) {
    const name = names.get(text);
    const result = await pool.query(name === undefined ? { text, values } : { name, text, values });
    rows.push(...result.rows.map((row) => /** @type {unknown} */ (row)));
  }
  send(response, 200, rows);
}

const server = createServer((request, response) => {
  const path = request.url?.split('?')[0] ?? '';
  const sql = request.method === 'POST' ? statements[path] : undefined;
  /** @type {Promise<void>} */
  let answered;
  if (request.method === 'GET' && path === '/healthz') answered = Promise.resolve(send(response, 200, { status: 'ok' }));
  else if (request.method === 'GET' && path === '/readyz')
    answered = pool.query('SELECT 1').then(
      () => send(response, 200, { status: 'ok' }),
      () => send(response, 503, { status: 'unavailable' }),
    );
  else if (sql) answered = answerCall(request, response, sql);
  else answered = Promise.resolve(send(response, 404, { errorCode: 'NOT_FOUND' }));
  answered.catch(() => send(response, 500, { errorCode: 'INTERNAL' }));
});
server.listen(check.server.port, check.server.host);
process.on('SIGTERM', () => server.close(() => void pool.end()));
process.on('SIGINT', () => server.close(() => void pool.end()));
