import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** The built logger options (`pnpm run build` comes before the tests). */
const LOGGER_OPTIONS = join(__dirname, '..', 'dist', 'common', 'logging', 'logger-options.js');

/** How long a child that went quiet is waited for before it is stopped. */
const QUIET_CHILD_MS = 10_000;

/**
 * Runs `body` in a child process with `log`, a pino logger on the process' log destination, and
 * resolves with what it wrote on stdout: as soon as `until` holds of it (the child still running),
 * else once it exits, or (stopping it) once it has been running for {@link QUIET_CHILD_MS} after
 * its stdout was first read. With `readWhenTold`, its stdout is read only once it writes `read` on
 * its stderr (a slow reader until then: the pipe fills and the child's writes wait).
 */
function runLogger(body: string, until?: (stdout: string) => boolean, readWhenTold = false): Promise<{ stdout: string; exited: boolean }> {
  const script = `const { pino } = require('pino');
const { logDestination, pinoOptions } = require(${JSON.stringify(LOGGER_OPTIONS)});
const log = pino(pinoOptions('info'), logDestination());
${body}`;
  const child = spawn(process.execPath, ['-e', script], { cwd: join(__dirname, '..'), stdio: 'pipe' });
  return new Promise((resolve, reject) => {
    let stdout = '';
    let giveUp: NodeJS.Timeout | undefined;
    const done = (exited: boolean): void => {
      clearTimeout(giveUp);
      resolve({ stdout, exited });
      if (!exited) child.kill();
    };
    const read = (): void => {
      giveUp = setTimeout(() => done(false), QUIET_CHILD_MS);
      child.stdout.resume();
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (until?.(stdout)) done(child.exitCode !== null);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (readWhenTold && chunk.includes('read')) read();
      else process.stderr.write(chunk);
    });
    if (readWhenTold) child.stdout.pause();
    else read();
    child.once('error', reject);
    child.once('close', () => done(true));
  });
}

const messages = (stdout: string): string[] =>
  stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { msg: string }).msg);

describe('the log destination (lines written in batches)', () => {
  it('writes a line soon after it is logged, while the process goes on (no full buffer needed)', async () => {
    // The child then waits on its stdin, which stays open: only the periodic flush can write the line.
    const { stdout, exited } = await runLogger("log.info('alone'); process.stdin.resume();", (out) => out.includes('\n'));
    expect(exited).toBe(false);
    expect(messages(stdout)).toEqual(['alone']);
  });

  it('loses no line when the process exits right after logging it', async () => {
    const { stdout } = await runLogger('for (let i = 0; i < 3; i += 1) log.info(`line ${i}`); process.exit(0);');
    expect(messages(stdout)).toEqual(['line 0', 'line 1', 'line 2']);
  });

  it('writes a burst of lines far beyond the buffer whole and in order, with those logged after it', async () => {
    const { stdout } = await runLogger(
      "for (let i = 0; i < 2000; i += 1) log.info({ i }, 'burst'); setTimeout(() => { log.info('after'); setTimeout(() => process.exit(0), 300); }, 50);",
    );
    const lines = stdout.split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(2001);
    const parsed = lines.map((line) => JSON.parse(line) as { msg: string; i?: number });
    expect(parsed.slice(0, 2000).map((line) => line.i)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
    expect(parsed[2000]?.msg).toBe('after');
  });

  it('writes a line logged while a write waits for a slow reader, once the reader catches up, while the process goes on', async () => {
    // The first line outgrows the pipe, which the test does not read until told: its write is under
    // way at the flushes that follow 'last', which is smaller than a batch. The child then waits on
    // its stdin: only a periodic flush can write 'last'.
    const { stdout, exited } = await runLogger(
      [
        "log.info({ padding: 'x'.repeat(200000) }, 'large');",
        "setTimeout(() => log.info('last'), 50);",
        "setTimeout(() => process.stderr.write('read'), 400);",
        'process.stdin.resume();',
      ].join(' '),
      (out) => out.includes('"msg":"last"}\n'),
      true,
    );
    expect(exited).toBe(false);
    expect(messages(stdout)).toEqual(['large', 'last']);
  });
});
