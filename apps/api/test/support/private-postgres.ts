import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where Debian's postgresql-15 package puts its server binaries (override with PG_BIN_DIR). */
export const PG_BIN_DIR = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/**
 * A Postgres server of the test's own (initdb in a temporary directory, trust authentication, on
 * a free loopback port), which the test may restart and stop without touching the machine's
 * shared server. Run as the `postgres` OS user when the test runs as root (initdb refuses root).
 */
export interface PrivatePostgres {
  url: string;
  port: number;
  dir: string;
  /** `pg_ctl restart -m fast` (waits until it accepts connections again). */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast` (waits until it is down). */
  stop(): Promise<void>;
  /** `pg_ctl start` (waits until it accepts connections). */
  start(): Promise<void>;
  /** Stops the server (immediate) and removes its directory; safe to call more than once and after a failure. */
  destroy(): Promise<void>;
  /** The server's log. */
  log(): string;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = address && typeof address !== 'string' ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** A Postgres binary's command line, as the `postgres` user when we are root. */
function command(binary: string, args: string[]): [string, string[]] {
  const path = join(PG_BIN_DIR, binary);
  return asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
}

function run(binary: string, args: string[], timeoutMs = 60_000): Promise<string> {
  const [file, argv] = command(binary, args);
  return new Promise((resolve, reject) => {
    execFile(file, argv, { timeout: timeoutMs, cwd: '/' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${binary} ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  if (!existsSync(join(PG_BIN_DIR, 'initdb')) || !existsSync(join(PG_BIN_DIR, 'pg_ctl'))) {
    throw new Error(
      `No Postgres server binaries (initdb, pg_ctl) in ${PG_BIN_DIR}: this test starts a private Postgres 15 server to restart it. ` +
        'Install the postgresql-15 package (Debian: apt-get install postgresql-15) or point PG_BIN_DIR at the directory holding initdb and pg_ctl.',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'console-private-pg-'));
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  let started = false;
  const pgCtl = (args: string[], timeoutMs?: number) => run('pg_ctl', ['-D', data, ...args], timeoutMs);
  const server: PrivatePostgres = {
    url: '',
    port: 0,
    dir,
    restart: () => pgCtl(['-l', logFile, '-w', '-t', '60', '-m', 'fast', 'restart']).then(() => undefined),
    stop: () => pgCtl(['-w', '-t', '60', '-m', 'fast', 'stop']).then(() => undefined),
    start: () => pgCtl(['-l', logFile, '-w', '-t', '60', 'start']).then(() => undefined),
    destroy: async () => {
      if (started) {
        await pgCtl(['-w', '-t', '30', '-m', 'immediate', 'stop'], 40_000).catch(() => {
          // Not running (stopped by the test), or pg_ctl failed: make sure no postmaster is left.
          try {
            const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
            if (pid > 0) process.kill(pid, 'SIGQUIT');
          } catch {
            // no pid file: nothing runs
          }
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
  };
  try {
    await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
    const port = await freePort();
    appendFileSync(
      join(data, 'postgresql.conf'),
      [
        '',
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        'max_connections = 100',
        // A throwaway server: durability is not what the test looks at.
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        '',
      ].join('\n'),
    );
    started = true;
    await server.start();
    server.port = port;
    server.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    return server;
  } catch (error) {
    await server.destroy();
    throw error;
  }
}
