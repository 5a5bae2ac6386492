// @ts-check
// Benchmark of `pnpm dev`'s start: runs `node tools/dev.mjs` as a child several times and measures,
// for each run, the time from the spawn to the moment the one URL is printed AND answers: the URL
// itself (the web dev server) and the API behind its same-origin proxy (`<origin>/api/readyz`)
// both answer 200. Then it stops the child with SIGTERM, waits for it to exit (every piece stopped)
// and prints each run and the median. The first run warms caches and is reported separately.
//   node tools/bench-dev-start.mjs [--runs 5] [--script tools/dev.mjs] [--timeline]
// --timeline prints every line the child wrote, with the time since its spawn.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './stack.mjs';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    script: { type: 'string', default: join('tools', 'dev.mjs') },
    timeline: { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, not ${options.runs}`);
const script = resolve(ROOT, options.script);
const URL_LINE = /The console is running: (\S+)/;
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 60_000;

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** @param {string} url */
async function answers200(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * Whether something accepts connections on `port` of the loopback interface.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function listening(port) {
  return new Promise((resolveListening) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolveListening(true);
    });
    socket.once('error', () => resolveListening(false));
  });
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/**
 * One start: spawn, wait for the URL line and the answers, SIGTERM, wait for the exit.
 * @param {string} label
 * @returns {Promise<{ readyMs: number, urlLineMs: number, stopMs: number }>}
 */
async function runOnce(label) {
  const started = performance.now();
  const child = spawn(process.execPath, [script], { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  /** @type {Promise<number | null>} */
  const exited = new Promise((r) => child.once('exit', (code) => r(code)));
  let output = '';
  let pending = '';
  /** @type {(url: string) => void} */
  let onUrl = () => {};
  /** @type {Promise<string>} */
  const urlPrinted = new Promise((r) => (onUrl = r));
  let urlLineMs = Number.NaN;
  /** @param {Buffer} chunk */
  const collect = (chunk) => {
    const text = String(chunk);
    output = (output + text).slice(-20_000);
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const at = performance.now() - started;
      if (options.timeline) process.stdout.write(`    ${seconds(at).padStart(8)}  ${line}\n`);
      const match = URL_LINE.exec(line);
      if (match?.[1] && Number.isNaN(urlLineMs)) {
        urlLineMs = at;
        onUrl(match[1]);
      }
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  try {
    /** @type {Promise<never>} */
    const failed = new Promise((_, reject) => {
      void exited.then((code) => reject(new Error(`the child exited (${code}) before printing the URL:\n${output.slice(-4000)}`)));
      setTimeout(() => reject(new Error(`no URL within ${START_TIMEOUT_MS} ms:\n${output.slice(-4000)}`)), START_TIMEOUT_MS).unref();
    });
    const url = await Promise.race([urlPrinted, failed]);
    const apiReady = new URL('/api/readyz', url).toString();
    while (!((await answers200(url)) && (await answers200(apiReady)))) {
      if (child.exitCode !== null) throw new Error(`the child exited (${child.exitCode}) before ${url} answered:\n${output.slice(-4000)}`);
      if (performance.now() - started > START_TIMEOUT_MS) throw new Error(`${url} did not answer 200 within ${START_TIMEOUT_MS} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const readyMs = performance.now() - started;
    const stopStarted = performance.now();
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    const code = await exited;
    clearTimeout(timer);
    const stopMs = performance.now() - stopStarted;
    const webPort = Number(new URL(url).port);
    const leftover = webPort && (await listening(webPort)) ? ` (port ${webPort} still answers after the exit)` : '';
    process.stdout.write(
      `${label}: ready ${seconds(readyMs)} (URL printed at ${seconds(urlLineMs)}), stopped in ${seconds(stopMs)}, exit ${code}${leftover}\n`,
    );
    return { readyMs, urlLineMs, stopMs };
  } catch (error) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    throw error;
  }
}

process.stdout.write(`Benchmark of the dev start: node ${options.script}, 1 warm-up run + ${runs} measured run(s)\n`);
const warmup = await runOnce('warm-up');
/** @type {number[]} */
const ready = [];
/** @type {number[]} */
const urlLines = [];
for (let i = 1; i <= runs; i += 1) {
  const result = await runOnce(`run ${i}`);
  ready.push(result.readyMs);
  urlLines.push(result.urlLineMs);
}
process.stdout.write(`\nwarm-up (not counted): ${seconds(warmup.readyMs)}\n`);
process.stdout.write(`runs: ${ready.map(seconds).join(', ')}\n`);
process.stdout.write(`median start to URL answering: ${seconds(median(ready))} (URL printed: ${seconds(median(urlLines))}), over ${runs} run(s)\n`);
