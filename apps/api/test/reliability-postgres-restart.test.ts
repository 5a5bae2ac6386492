import { post, spawnApi, type ApiProcess, type HttpResult } from './support/api-process';
import { signUpUser, type TestUser } from './support/harness';
import { startPrivatePostgres, type PrivatePostgres } from './support/private-postgres';

/**
 * A real Postgres restart and a real stop under load: the API (built dist, a child process) runs
 * against a private Postgres 15 server of this test, which is restarted (`pg_ctl restart -m fast`)
 * and then stopped for STOP_MS (`pg_ctl stop -m fast`, `pg_ctl start`) while 20 clients keep
 * calling it. A lost database must answer 503 with Retry-After and the error body, never 500, no
 * request may hang, and the API must serve again within seconds once Postgres is back.
 */

const SERVICE_UNAVAILABLE_BODY = {
  name: 'ConsoleError',
  errorCode: 'SERVICE_UNAVAILABLE',
  message: 'サービスが一時的に利用できません。しばらくしてから再度お試しください',
};
/** How long Postgres stays stopped (PG_RESTART_STOP_MS; the issue's figure is for 15 s, 8 s keeps the test short). */
const STOP_MS = Number(process.env.PG_RESTART_STOP_MS ?? 8000);
const CLIENTS = 20;
/** A request without an answer within this long counts as hanging (above the pool's 10 s connection timeout). */
const REQUEST_TIMEOUT_MS = 12_000;
/** Pause of each client between two calls. */
const PAUSE_MS = 20;
/** After Postgres is back, every call sent later than this must succeed. */
const RECOVERY_LIMIT_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Phase = 'steady' | 'restart' | 'after restart' | 'stopped' | 'starting' | 'after start';
const PHASES: Phase[] = ['steady', 'restart', 'after restart', 'stopped', 'starting', 'after start'];

interface Sample {
  /** The phase in which the answer came. */
  phase: Phase;
  path: string;
  sentAt: number;
  result: HttpResult;
}

/** The calls the clients loop over: reads, and writes of the display name. */
const CALLS: { path: string; body?: () => unknown }[] = [
  { path: '/account/update', body: () => ({ name: `再起動テスト ${Date.now() % 100000}` }) },
  { path: '/account/get' },
  { path: '/project/listInAccount' },
  { path: '/organization/listOfAccount' },
];

function statusClass(status: HttpResult['status']): 'ok' | '503' | 'other' {
  if (typeof status === 'number' && status >= 200 && status < 300) return 'ok';
  if (status === 503) return '503';
  return 'other';
}

/** Whether a 503 carries Retry-After: 5 and exactly the SERVICE_UNAVAILABLE error body. */
function isProper503(result: HttpResult): boolean {
  return result.status === 503 && result.headers?.get('retry-after') === '5' && JSON.stringify(result.body) === JSON.stringify(SERVICE_UNAVAILABLE_BODY);
}

/** One logged error (a pino JSON line) in one line: message, error, SQLSTATE and the first frames of the app. */
function summarizeLogLine(line: string): string {
  try {
    const entry = JSON.parse(line) as {
      msg?: string;
      err?: { type?: string; message?: string; code?: string; stack?: string; driverError?: { code?: string } };
    };
    const frames = (entry.err?.stack ?? '')
      .split('\n')
      .filter((f) => f.includes('/apps/api/'))
      .slice(0, 3)
      .map((f) => f.trim());
    return `${entry.msg ?? ''}: ${entry.err?.type ?? ''} ${entry.err?.message ?? ''} (code ${entry.err?.code ?? entry.err?.driverError?.code ?? '-'}) ${frames.join(' | ')}`;
  } catch {
    return line.slice(0, 500);
  }
}

describe('a real Postgres restart and stop under load', () => {
  let postgres: PrivatePostgres | undefined;
  let api: ApiProcess | undefined;
  const users: TestUser[] = [];

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    // LOG_LEVEL warn: the lines of any 500 (logged as errors with their stack) can be shown.
    api = await spawnApi({ DATABASE_URL: postgres.url, DATABASE_POOL_MAX: '10', MAIL_WORKER_ENABLED: 'false', LOG_LEVEL: 'warn' }, 60_000);
    for (let i = 0; i < 5; i++) {
      const user = await signUpUser();
      const created = await post(api.baseUrl, '/account/create', undefined, user.idToken, REQUEST_TIMEOUT_MS);
      if (created.status !== 200) throw new Error(`account creation failed: ${JSON.stringify(created)}`);
      users.push(user);
    }
  }, 90_000);

  afterAll(async () => {
    await api?.stop();
    await postgres?.destroy();
  }, 60_000);

  it('answers 503 with Retry-After and the error body, never 500, and recovers on its own', async () => {
    const target = api!;
    const server = postgres!;
    const samples: Sample[] = [];
    let phase: Phase = 'steady';
    let running = true;

    const client = async (index: number): Promise<void> => {
      const user = users[index % users.length]!;
      const { path, body } = CALLS[index % CALLS.length]!;
      while (running) {
        const sentAt = Date.now();
        const result = await post(target.baseUrl, path, body?.(), user.idToken, REQUEST_TIMEOUT_MS);
        // Counted in the phase of its answer: a call in flight as Postgres goes away fails with the outage.
        samples.push({ phase, path, sentAt, result });
        await sleep(PAUSE_MS);
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));

    const marks = { restart: 0, restarted: 0, stop: 0, stopped: 0, start: 0, started: 0 };
    try {
      await sleep(2000);
      phase = 'restart';
      marks.restart = Date.now();
      await server.restart();
      marks.restarted = Date.now();
      phase = 'after restart';
      await sleep(4000);
      phase = 'stopped';
      marks.stop = Date.now();
      await server.stop();
      marks.stopped = Date.now();
      await sleep(STOP_MS);
      phase = 'starting';
      marks.start = Date.now();
      await server.start();
      marks.started = Date.now();
      phase = 'after start';
      await sleep(RECOVERY_LIMIT_MS + 3000);
    } finally {
      // Also when a pg_ctl step failed: the clients stop before the server and the API go.
      running = false;
      await Promise.all(clients);
    }

    console.log(
      `postgres restart test: ${CLIENTS} clients (${CALLS.map((c) => c.path).join(', ')}), pg_ctl restart -m fast took ${marks.restarted - marks.restart} ms, ` +
        `stopped for ${marks.start - marks.stopped} ms (STOP_MS ${STOP_MS}), pg_ctl start took ${marks.started - marks.start} ms; each request is counted in the phase of its answer`,
    );
    for (const p of PHASES) {
      const inPhase = samples.filter((s) => s.phase === p);
      const counts = { ok: 0, '503': 0, other: 0 };
      for (const s of inPhase) counts[statusClass(s.result.status)]++;
      const others = [...new Set(inPhase.filter((s) => statusClass(s.result.status) === 'other').map((s) => String(s.result.status)))];
      const maxMs = Math.max(0, ...inPhase.map((s) => s.result.ms));
      console.log(
        `phase ${p.padEnd(13)}: sent ${inPhase.length}, 2xx ${counts.ok}, 503 ${counts['503']}, other ${counts.other}${others.length ? ` (${others.join(', ')})` : ''}, slowest ${maxMs} ms`,
      );
    }

    // How long after Postgres was back each outage still showed: the last failed call sent after it
    // (and answered before the next outage began: a call in flight as Postgres stops again fails with it).
    const recovery = (backAt: number, until: number): number => {
      const failed = samples.filter((s) => s.sentAt >= backAt && s.sentAt + s.result.ms < until && statusClass(s.result.status) !== 'ok');
      return failed.length ? Math.max(...failed.map((s) => s.sentAt)) - backAt : 0;
    };
    const afterRestart = recovery(marks.restarted, marks.stop);
    const afterStart = recovery(marks.started, Number.MAX_SAFE_INTEGER);
    console.log(`recovery: last failed call sent ${afterRestart} ms after the restart completed, ${afterStart} ms after the start completed`);

    const wrong = samples.filter((s) => statusClass(s.result.status) === 'other' || (s.result.status === 503 && !isProper503(s.result)));
    if (wrong.length) {
      const answers = wrong
        .slice(0, 10)
        .map(
          (s) =>
            `  ${s.phase} ${s.path} ${String(s.result.status)} retry-after=${s.result.headers?.get('retry-after') ?? '-'} ${JSON.stringify(s.result.body) ?? ''} ${s.result.error ?? ''}`,
        );
      const logged = target
        .errorLines()
        .slice(0, 10)
        .map((line) => `  ${summarizeLogLine(line)}`);
      console.log(
        `unexpected answers (first 10 of ${wrong.length}):\n${answers.join('\n')}\nAPI error log (first 10 of ${target.errorLines().length}):\n${logged.join('\n')}`,
      );
    }
    const count = (predicate: (s: Sample) => boolean): number => samples.filter(predicate).length;
    expect(target.exited).toBe(false);
    expect(count((s) => s.result.status === 'timeout')).toBe(0);
    expect(count((s) => s.result.status === 'error')).toBe(0);
    expect(count((s) => typeof s.result.status === 'number' && s.result.status >= 500 && s.result.status !== 503)).toBe(0);
    expect(wrong.length).toBe(0);
    // Each outage was seen (the clients met it), and ended once Postgres was back.
    expect(samples.filter((s) => s.phase === 'stopped' && s.result.status === 503).length).toBeGreaterThan(0);
    expect(afterRestart).toBeLessThan(RECOVERY_LIMIT_MS);
    expect(afterStart).toBeLessThan(RECOVERY_LIMIT_MS);
    const tail = samples.filter((s) => s.sentAt >= marks.started + RECOVERY_LIMIT_MS);
    expect(tail.length).toBeGreaterThan(0);
    expect(tail.filter((s) => statusClass(s.result.status) !== 'ok').length).toBe(0);
  }, 80_000);
});
