// @ts-check
// The baseline of `pnpm bench`: a raw node:http + pg server answering the benchmarked calls with
// the same work as the API and nothing else — the same ID token check (the API's own
// FirebaseAuthService from apps/api/dist: local verification, the same token and revocation caches,
// the same configuration read by the API's loadConfig) and the same SQL statements, read from
// BENCH_STATEMENTS (captured from the API by tools/bench.mjs), sent one after the other on the pool.
// It answers with the rows those statements read, as JSON. Configured by the API's environment.
//   BENCH_STATEMENTS=statements.json node tools/bench/baseline.mjs
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import pg from 'pg';
import { ROOT } from '../stack.mjs';

/** @typedef {{ text: string, values: unknown[] }} Statement */

const apiRequire = createRequire(`${ROOT}/apps/api/dist/main.js`);
/** @type {unknown} */
const configModule = apiRequire('./config/app-config.js');
/** @type {unknown} */
const authModule = apiRequire('./common/auth/firebase-auth.service.js');
const { loadConfig } = /** @type {{ loadConfig: () => { databaseUrl: string, databasePoolMax: number, port: number, host: string } }} */ (configModule);
const { FirebaseAuthService } = /** @type {{ FirebaseAuthService: new (config: unknown) => { verifyIdToken(token: string): Promise<unknown> } }} */ (
  authModule
);

const config = loadConfig();
/** @type {unknown} */
const captured = process.env.BENCH_STATEMENTS ? JSON.parse(readFileSync(process.env.BENCH_STATEMENTS, 'utf8')) : {};
const statements = /** @type {Record<string, Statement[]>} */ (captured);
const firebase = new FirebaseAuthService(config);
const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.databasePoolMax });

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
    await firebase.verifyIdToken(token);
  } catch {
    send(response, 401, { errorCode: 'UNAUTHENTICATED' });
    return;
  }
  /** @type {unknown[]} */
  const rows = [];
  for (const { text, values } of sql) rows.push(...(await pool.query(text, values)).rows.map((row) => /** @type {unknown} */ (row)));
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
server.listen(config.port, config.host);
process.on('SIGTERM', () => server.close(() => void pool.end()));
process.on('SIGINT', () => server.close(() => void pool.end()));
