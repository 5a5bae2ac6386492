import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The built entry point (the test script builds before it runs). */
const MAIN = join(__dirname, '..', 'dist', 'main.js');

function spawnMain(env: NodeJS.ProcessEnv): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [MAIN], { env, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** Resolves with the time (ms after `since`) at which the output first matches, or rejects after `timeoutMs`. */
function whenOutput(
  child: ChildProcessWithoutNullStreams,
  pattern: RegExp,
  since: number,
  timeoutMs: number,
): Promise<{ match: RegExpMatchArray; afterMs: number }> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no output matching ${pattern} within ${timeoutMs} ms; got: ${output}`)), timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stderr.off('data', onData);
      resolve({ match, afterMs: Date.now() - since });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
}

function exitCode(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', resolve);
  });
}

/** A loopback port on which nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no address');
  return address.port;
}

interface Answer {
  status: number;
  connection: string | undefined;
}

/** GET over the given agent; rejects on a connection error (reset, refused, socket hang up). */
function get(port: number, path: string, agent: Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('startup logging', () => {
  it('names the database it waits for within seconds, and gives up with a clear message after STARTUP_TIMEOUT_MS', async () => {
    const port = await closedPort();
    const started = Date.now();
    const child = spawnMain({
      ...process.env,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/console`,
      LOG_LEVEL: 'info',
      STARTUP_TIMEOUT_MS: '3000',
      PORT: '0',
    });
    const stderr: Buffer[] = [];
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const waiting = await whenOutput(
      child,
      new RegExp(`Waiting for Postgres at 127\\.0\\.0\\.1:${port}/console \\(attempt 1\\): [^"]*ECONNREFUSED`),
      started,
      10_000,
    );
    expect(await exitCode(child)).toBe(1);
    const elapsed = Date.now() - started;
    process.stdout.write(`startup: the line naming the database appeared after ${waiting.afterMs} ms, the process gave up after ${elapsed} ms\n`);
    // The line came as the waiting began (its first attempt), not as the API gave up: the attempts
    // went on, 1 s apart, until the next pause would end past STARTUP_TIMEOUT_MS (about 2 s more).
    // Measured from the spawn, both include loading the process: seconds on a busy machine (3.5 s
    // once in a CI run beside the browser tests), which the benchmarks measure.
    expect(elapsed - waiting.afterMs).toBeGreaterThan(1000);
    expect(elapsed).toBeLessThan(15_000);
    expect(Buffer.concat(stderr).toString()).toContain(
      `API failed to start: Error: Postgres at 127.0.0.1:${port}/console did not accept a connection within 3000 ms`,
    );
  });
});

describe('drain on SIGTERM', () => {
  const DRAIN_MS = 1500;
  const CLIENTS = 20;
  let child: ChildProcessWithoutNullStreams | undefined;

  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('flips /readyz to 503 at once, keeps serving for SHUTDOWN_DRAIN_MS, and loses no request of 20 keep-alive clients', async () => {
    const started = Date.now();
    child = spawnMain({ ...process.env, PORT: '0', SHUTDOWN_DRAIN_MS: String(DRAIN_MS), MAIL_WORKER_ENABLED: 'false' });
    const listening = await whenOutput(child, /API listening on http:\/\/127\.0\.0\.1:(\d+)/, started, 30_000);
    const port = Number(listening.match[1]);
    expect((await get(port, '/readyz', false)).status).toBe(200);

    const counts = { ok: 0, other: 0, errors: 0 };
    const errors: string[] = [];
    let readyzSaid503 = false;
    let sigtermAt = 0;
    let flippedAfterMs = -1;

    // A load balancer's health check: polls /readyz on fresh connections until it says 503.
    const healthCheck = (async () => {
      while (!readyzSaid503) {
        const answer = await get(port, '/readyz', false);
        if (answer.status === 503 && sigtermAt > 0) {
          flippedAfterMs = Date.now() - sigtermAt;
          readyzSaid503 = true;
        } else if (answer.status !== 200) {
          throw new Error(`readyz answered ${answer.status} before SIGTERM`);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    })();

    // 20 clients, each on its own keep-alive connection, sending back to back until the health
    // check says 503.
    const clients = Array.from({ length: CLIENTS }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        while (!readyzSaid503) {
          try {
            const answer = await get(port, '/healthz', agent);
            if (answer.status === 200) counts.ok += 1;
            else counts.other += 1;
          } catch (error) {
            counts.errors += 1;
            errors.push((error as NodeJS.ErrnoException).code ?? String(error));
            return;
          }
        }
      } finally {
        agent.destroy();
      }
    });

    await new Promise((r) => setTimeout(r, 1000));
    const okBeforeSigterm = counts.ok;
    sigtermAt = Date.now();
    child.kill('SIGTERM');
    await Promise.all([healthCheck, ...clients]);

    // Still serving during the drain period, keep-alive included: a new connection is answered.
    const lingering = new Agent({ keepAlive: true, maxSockets: 1 });
    const duringDrain = await get(port, '/healthz', lingering);
    expect(duringDrain).toEqual({ status: 200, connection: 'keep-alive' });
    // A call that came during the drain and is answered once the listener closed (its body still
    // arriving) closes its connection too, so that the proxy's next call goes elsewhere.
    const inFlight = new Agent({ keepAlive: true, maxSockets: 1 });
    let sendRest = (): void => {};
    const slowCall = new Promise<Answer>((resolve, reject) => {
      const body = JSON.stringify({ name: 'in flight across the close' });
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/account/get',
          method: 'POST',
          agent: inFlight,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 5));
      sendRest = () => req.end(body.slice(5));
    });
    expect((await get(port, '/readyz', false)).status).toBe(503);

    // After the drain and a quiet moment (250 ms without a new connection): new connections are
    // refused (a proxy sends the call elsewhere, unsent), and a call on a connection still open is
    // answered and its connection closed.
    await new Promise((r) => setTimeout(r, Math.max(0, sigtermAt + DRAIN_MS + 500 - Date.now())));
    await expect(get(port, '/healthz', false)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(await get(port, '/healthz', lingering)).toEqual({ status: 200, connection: 'close' });
    lingering.destroy();
    sendRest();
    expect(await slowCall).toEqual({ status: 401, connection: 'close' });
    inFlight.destroy();

    const code = await exitCode(child);
    const shutdownMs = Date.now() - sigtermAt;
    process.stdout.write(
      `drain: ${CLIENTS} keep-alive clients, ${okBeforeSigterm} requests before SIGTERM, ${counts.ok} answered 200 in all, ` +
        `${counts.other} other statuses, ${counts.errors} connection errors/resets${errors.length ? ` (${errors.join(', ')})` : ''}, ` +
        `readyz 503 after ${flippedAfterMs} ms; exit ${code} after ${shutdownMs} ms\n`,
    );
    expect(code).toBe(0);
    expect(okBeforeSigterm).toBeGreaterThan(CLIENTS);
    expect(counts.errors).toBe(0);
    expect(counts.other).toBe(0);
    expect(flippedAfterMs).toBeGreaterThanOrEqual(0);
    // Seen by the health check while the instance still serves every call (the drain), which is
    // what a load balancer needs. The figure includes the poll's own round trip, which the 20
    // clients keep waiting on two cores shared with the instance: 846 ms once in a CI run, where
    // 500 ms was the bound; the flag itself is set first thing in the SIGTERM handler (main.ts).
    expect(flippedAfterMs).toBeLessThan(DRAIN_MS);
    expect(shutdownMs).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(shutdownMs).toBeLessThan(DRAIN_MS + 5000);
  });
});
