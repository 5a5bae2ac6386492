import { execFileSync, spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** The built entry point (the test script builds before it runs); CONSOLE_API_MAIN runs another build instead. */
export const API_MAIN = process.env.CONSOLE_API_MAIN ?? join(__dirname, '..', '..', 'dist', 'main.js');

/** The built script the image's build runs to write what NODE_COMPILE_CACHE names (prepare-compile-cache.ts). */
export const PREPARE_COMPILE_CACHE = join(__dirname, '..', '..', 'dist', 'prepare-compile-cache.js');

/**
 * A new directory holding what the image's build writes for NODE_COMPILE_CACHE (Node's compile
 * cache and the module resolutions: dist/prepare-compile-cache.js), and what that script printed.
 */
export function prepareCompileCache(): { directory: string; printed: string } {
  const directory = mkdtempSync(join(tmpdir(), 'console-compile-cache-'));
  const printed = execFileSync(process.execPath, [PREPARE_COMPILE_CACHE], {
    env: { ...process.env, NODE_COMPILE_CACHE: directory },
    encoding: 'utf8',
  });
  return { directory, printed };
}

/** The API (apps/api/dist/main.js) running as a child process, as it runs in production. */
export interface ApiProcess {
  baseUrl: string;
  pid: number;
  /** When the child was spawned and when it answered its listening line (Date.now()). */
  spawnedAt: number;
  listeningAt: number;
  /** Whether the child has exited (killed, crashed). */
  readonly exited: boolean;
  /** Its output lines (stdout and stderr; pino writes JSON lines to stdout). */
  lines(): string[];
  /** The logged lines of level error or fatal (pino level ≥ 50), or plain stderr lines. */
  errorLines(): string[];
  /** SIGKILL at once: no shutdown hook, no drain, nothing recorded. */
  kill(): void;
  /** SIGKILL and wait for the exit. */
  stop(): Promise<void>;
  /** SIGTERM (the shutdown of a deployment) and wait for the exit. */
  terminate(): Promise<void>;
}

const MAX_LINES = 5000;

/**
 * Spawns `node dist/main.js` with the test's environment plus `env` (PORT 0 unless given) and
 * resolves once it prints its listening line; rejects with its output when it exits before or
 * does not listen within `timeoutMs`.
 */
export async function spawnApi(env: Record<string, string>, timeoutMs = 30_000): Promise<ApiProcess> {
  const spawnedAt = Date.now();
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(process.execPath, [API_MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const errors: string[] = [];
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exit.then(() => {
    exited = true;
  });
  const collect = (stream: 'stdout' | 'stderr') => {
    let rest = '';
    return (chunk: Buffer): void => {
      const text = rest + chunk.toString();
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        if (lines.length < MAX_LINES) lines.push(line);
        const level = /"level":(\d+)/.exec(line);
        if ((level && Number(level[1]) >= 50) || (!level && stream === 'stderr' && line.trim())) errors.push(line);
      }
    };
  };
  child.stdout.on('data', collect('stdout'));
  child.stderr.on('data', collect('stderr'));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the API did not listen within ${timeoutMs} ms:\n${lines.slice(-40).join('\n')}`));
    }, timeoutMs);
    const onData = (): void => {
      for (const line of lines) {
        const match = /API listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
        if (match) {
          clearTimeout(timer);
          child.stdout.off('data', onData);
          resolve(Number(match[1]));
          return;
        }
      }
    };
    child.stdout.on('data', onData);
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`the API exited before listening:\n${lines.slice(-40).join('\n')}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    spawnedAt,
    listeningAt: Date.now(),
    get exited() {
      return exited;
    },
    lines: () => lines,
    errorLines: () => errors,
    kill: () => {
      if (!exited) child.kill('SIGKILL');
    },
    stop: async () => {
      if (!exited) child.kill('SIGKILL');
      await exit;
    },
    terminate: async () => {
      if (!exited) child.kill('SIGTERM');
      await exit;
    },
  };
}

export interface HttpResult {
  /** The HTTP status, or 'timeout' when no answer came within the timeout, 'error' when the connection failed. */
  status: number | 'timeout' | 'error';
  headers: Headers | null;
  body: unknown;
  ms: number;
  error?: string;
}

/** POSTs JSON like the web does, with a bearer token, and gives up after `timeoutMs`; never throws. */
export async function post(baseUrl: string, path: string, body: unknown, token: string | undefined, timeoutMs: number): Promise<HttpResult> {
  const started = Date.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, headers: response.headers, body: parsed, ms: Date.now() - started };
  } catch (error) {
    const name = (error as { name?: string }).name;
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    return {
      status: timedOut ? 'timeout' : 'error',
      headers: null,
      body: undefined,
      ms: Date.now() - started,
      error: error instanceof Error ? `${error.message} ${String((error.cause as Error | undefined)?.message ?? '')}` : String(error),
    };
  }
}
