import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { stack } from './stack';

const ROOT = join(__dirname, '..', '..', '..', '..');

/** The helpers of the local stack (tools/stack.mjs) these tests use. */
interface StackTools {
  freePort: () => Promise<number>;
  waitFor: <T>(check: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs: number) => Promise<T>;
  startWebServer: (options: {
    port: number;
    mode: 'preview';
    apiUrl: string;
    env: Record<string, string>;
  }) => Promise<{ url: string; stop: () => Promise<void> }>;
}

const STACK_TOOLS = join(ROOT, 'tools', 'stack.mjs');

export async function stackTools(): Promise<StackTools> {
  return (await import(STACK_TOOLS)) as StackTools;
}

interface CollectedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

/** A local stand-in for a monitoring service's intake: it records every request and answers 200. */
export interface FakeCollector {
  /** http://127.0.0.1:PORT */
  readonly origin: string;
  readonly requests: CollectedRequest[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * Starts a collector on loopback. Pages call it from another origin, so it answers CORS preflights
 * and allows any origin; `scripts` are JavaScript files it serves (path → source).
 */
export async function startFakeCollector(scripts: Record<string, string> = {}): Promise<FakeCollector> {
  const requests: CollectedRequest[] = [];
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://collector');
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST' };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end();
      return;
    }
    const script = scripts[url.pathname];
    if (request.method === 'GET' && script !== undefined) {
      response.writeHead(200, { ...cors, 'content-type': 'text/javascript' }).end(script);
      return;
    }
    requests.push({ method: request.method ?? '', path: url.pathname, query: url.searchParams, body: await readBody(request) });
    response.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{}');
  };
  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The page's runtime config as the web image writes it (nginx/write-runtime-config.sh) for these variables. */
export function writeRuntimeConfig(variables: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'console-e2e-runtime-config-'));
  try {
    const output = join(dir, 'runtime-config.js');
    const result = spawnSync('sh', [join(ROOT, 'apps', 'web', 'nginx', 'write-runtime-config.sh'), output], {
      env: { PATH: process.env.PATH, ...variables },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`write-runtime-config.sh failed: ${result.stderr}`);
    return readFileSync(output, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The e2e build served by another preview server whose environment names the monitoring services
 * (`VITE_*`), so that its Content-Security-Policy allows their hosts as the web image's would.
 */
export async function startWebServerFor(variables: Record<string, string>): Promise<{ origin: string; stop(): Promise<void> }> {
  const outDir = process.env.E2E_WEB_OUT_DIR;
  if (!outDir) throw new Error('E2E_WEB_OUT_DIR is not set: the e2e global setup did not run');
  const tools = await stackTools();
  const env: Record<string, string> = { CONSOLE_WEB_OUT_DIR: outDir, VITE_AUTH_EMULATOR_URL: `http://${stack.emulatorHost}` };
  for (const [name, value] of Object.entries(variables)) env[`VITE_${name}`] = value;
  const web = await tools.startWebServer({ port: await tools.freePort(), mode: 'preview', apiUrl: stack.apiUrl, env });
  return { origin: new URL(web.url).origin, stop: () => web.stop() };
}

/**
 * Makes the page behave as when it is hidden (another tab, a navigation): RUM sends what it has
 * batched at once instead of after its timers.
 */
export async function hidePageMomentarily(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    Reflect.deleteProperty(document, 'visibilityState');
    document.dispatchEvent(new Event('visibilitychange'));
  });
}
