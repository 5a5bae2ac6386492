import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** The built logger options (`pnpm run build` comes before the tests). */
const LOGGER_OPTIONS = join(__dirname, '..', 'dist', 'common', 'logging', 'logger-options.js');

/**
 * Runs `body` in a child process with `log`, a pino logger on the process' log destination, and
 * resolves with what it wrote on stdout: as soon as `until` holds of it (the child still running),
 * else once it exits.
 */
function runLogger(body: string, until?: (stdout: string) => boolean): Promise<{ stdout: string; exited: boolean }> {
  const script = `const { pino } = require('pino');
const { logDestination, pinoOptions } = require(${JSON.stringify(LOGGER_OPTIONS)});
const log = pino(pinoOptions('info'), logDestination());
${body}`;
  const child = spawn(process.execPath, ['-e', script], { cwd: join(__dirname, '..'), stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (until?.(stdout)) {
        resolve({ stdout, exited: child.exitCode !== null });
        child.kill();
      }
    });
    child.once('error', reject);
    child.once('close', () => resolve({ stdout, exited: true }));
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
});
