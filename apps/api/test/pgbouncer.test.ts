import { execFile, spawn, type ChildProcessByStdio } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { MIGRATIONS } from '../src/database/migrations';
import {
  addOrganizationMember,
  createCaller,
  createOrganizationWithProjects,
  insertAccounts,
  insertMemberships,
  uniqueEmail,
  type Caller,
  type InviteEntryBody,
  type OrganizationWithProjectsFixture,
} from './support/fixtures';
import { call, startApi, type CallResult, type TestApi } from './support/harness';
import { lockWaiters } from './support/lock-waits';
import { freePort } from './support/private-postgres';

/**
 * The API behind PgBouncer in transaction mode (Debian's pgbouncer package, which .ci/run
 * installs): a private PgBouncer in front of a throwaway database on the shared Postgres, two
 * instances whose pools go through it, with fewer server connections than they open.
 */
const PGBOUNCER = '/usr/sbin/pgbouncer';
/** Server connections PgBouncer opens to the database: fewer than one instance's pool. */
const SERVER_CONNECTIONS = 4;
const POOL_MAX = '10';

const run = promisify(execFile);
const MIGRATE = join(__dirname, '..', 'dist', 'migrate.js');
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function query<T extends object>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

interface PgBouncer {
  port: number;
  stop(): Promise<void>;
}

/** Starts PgBouncer (transaction pooling, trust authentication) on a free loopback port in front of `server`; as the postgres user when we are root. */
async function startPgBouncer(dir: string, server: URL): Promise<PgBouncer> {
  const port = await freePort();
  writeFileSync(join(dir, 'users.txt'), `"${decodeURIComponent(server.username)}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || '5432'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${SERVER_CONNECTIONS}`,
      'max_client_conn = 200',
      '',
    ].join('\n'),
  );
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (asRoot) chmodSync(dir, 0o755);
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!output.includes(`listening on 127.0.0.1:${port}`)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`PgBouncer did not start:\n${output}`);
    }
    await sleep(20);
  }
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exit;
    },
  };
}

describe('behind PgBouncer in transaction mode', () => {
  const server = new URL(process.env.DATABASE_URL ?? '');
  const name = `console_pgbouncer_${randomBytes(4).toString('hex')}`;
  const directUrl = new URL(server);
  directUrl.pathname = `/${name}`;
  const pooledUrl = new URL(directUrl);
  const dir = mkdtempSync(join(tmpdir(), 'console-pgbouncer-'));
  let pgbouncer: PgBouncer | undefined;

  beforeAll(async () => {
    if (!existsSync(PGBOUNCER)) {
      throw new Error(`${PGBOUNCER} is missing: install Debian's pgbouncer package (apt-get install -y pgbouncer), as .ci/run does`);
    }
    await query(server.toString(), `CREATE DATABASE ${name}`);
    pgbouncer = await startPgBouncer(dir, server);
    pooledUrl.host = `127.0.0.1:${pgbouncer.port}`;
  });

  afterAll(async () => {
    await pgbouncer?.stop();
    await query(server.toString(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies the migrations through it (db:migrate, twice)', async () => {
    const env = { PATH: process.env.PATH ?? '', DATABASE_URL: pooledUrl.toString() };
    for (let i = 0; i < 2; i += 1) expect((await run(process.execPath, [MIGRATE], { env })).stdout).toContain(`${MIGRATIONS.length} migrations applied`);
    const rows = await query<{ name: string }>(directUrl.toString(), 'SELECT name FROM migrations ORDER BY id');
    expect(rows.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
  });

  describe('two instances whose pools go through it', () => {
    const overrides = () => ({
      DATABASE_URL: pooledUrl.toString(),
      DATABASE_POOL_MAX: POOL_MAX,
      MIGRATE_ON_START: 'true',
      MAIL_POLL_INTERVAL_MS: '50',
      REVOCATION_CHECK_INTERVAL_MS: '60000',
    });
    let first: TestApi;
    let second: TestApi;
    let org: OrganizationWithProjectsFixture;
    let admin: Caller;

    beforeAll(async () => {
      [first, second] = await Promise.all([
        startApi({ ...overrides(), DATABASE_DIRECT_URL: directUrl.toString() }),
        startApi({ ...overrides(), DATABASE_DIRECT_URL: directUrl.toString() }),
      ]);
      org = await createOrganizationWithProjects(first, 'プール経由の組織', 1);
      admin = await createCaller(first);
      await addOrganizationMember(first, admin.id, org, 'admin');
    });

    afterAll(async () => {
      await Promise.all([first.close(), second.close()]);
    });

    const direct = <T extends object>(sql: string, values: unknown[] = []): Promise<T[]> => query<T>(directUrl.toString(), sql, values);
    const props = () => ({ roleId: org.memberRole.id, projects: [{ projectId: org.projects[0]!.project.id, roleId: org.projects[0]!.memberRole.id }] });
    const invite = (on: TestApi, emails: string[], headers: Record<string, string> = {}): Promise<CallResult<InviteEntryBody[]>> =>
      call<InviteEntryBody[]>(on, '/organization/inviteMembers', { organizationId: org.organization.id, emails, props: props() }, admin.token, headers);

    it('writes invitations with their e-mail and audit event in one transaction, and both workers deliver each e-mail once (SKIP LOCKED)', async () => {
      const emails = Array.from({ length: 12 }, (_, i) => uniqueEmail(`pooled-${i}`));
      const results = await Promise.all(emails.map((email, i) => invite(i % 2 === 0 ? first : second, [email])));
      expect(results.map((r) => r.status)).toEqual(emails.map(() => 200));
      const ids = results.map((r) => r.body[0]!.invitation!.id);
      const audited = await direct<{ id: string }>(
        `SELECT DISTINCT target_id AS id FROM audit_events WHERE target_type = 'invitation' AND target_id = ANY($1)`,
        [ids],
      );
      expect(audited.map((row) => row.id).sort()).toEqual([...ids].sort());
      const deadline = Date.now() + 15_000;
      for (;;) {
        const rows = await direct<{ status: string; attempts: number }>(
          `SELECT status, attempts FROM email_outbox WHERE kind = 'invitation' AND reference_id = ANY($1)`,
          [ids],
        );
        if (rows.length === ids.length && rows.every((row) => row.status === 'sent')) {
          expect(rows.every((row) => row.attempts === 1)).toBe(true);
          break;
        }
        if (Date.now() > deadline) throw new Error(`the e-mails were not delivered: ${JSON.stringify(rows)}`);
        await sleep(100);
      }
    });

    it('replays an Idempotency-Key on the other instance, and runs concurrent calls with one key once', async () => {
      const email = uniqueEmail('pooled-key');
      const key = `pooled-${email}`;
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => invite(i % 2 === 0 ? first : second, [email], { 'Idempotency-Key': key })));
      const ok = results.filter((r) => r.status === 200);
      expect(ok.length + results.filter((r) => r.status === 409).length).toBe(6);
      const retry = await invite(second, [email], { 'Idempotency-Key': key });
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body).toEqual(ok[0]!.body);
      const [counts] = await direct<{ invitations: number }>(`SELECT count(*)::int AS invitations FROM invitations WHERE organization_id = $1 AND email = $2`, [
        org.organization.id,
        email.toLowerCase(),
      ]);
      expect(counts).toEqual({ invitations: 1 });
    });

    it('takes turns on row locks: the last two admins demoting each other on two instances leave one admin', async () => {
      const other = await createOrganizationWithProjects(first, 'ロック組織', 0);
      const [a, b] = await Promise.all([createCaller(first), createCaller(first)]);
      for (const caller of [a, b]) await addOrganizationMember(first, caller.id, other, 'admin');
      const demote = (on: TestApi, operator: Caller, accountId: string) =>
        call(
          on,
          '/account/assignOrganizationRole',
          { accountId, props: { organizationId: other.organization.id, roleId: other.memberRole.id } },
          operator.token,
        );
      // A transaction of a direct connection holds the memberships until both calls wait for them.
      const blocker = new Client({ connectionString: directUrl.toString() });
      await blocker.connect();
      try {
        await blocker.query('BEGIN');
        await blocker.query('SELECT 1 FROM organization_memberships WHERE organization_id = $1 FOR UPDATE', [other.organization.id]);
        const pending = Promise.all([demote(first, a, b.id), demote(second, b, a.id)]);
        const deadline = Date.now() + 15_000;
        while ((await lockWaiters(blocker)).length < 2) {
          if (Date.now() > deadline) throw new Error('the calls never waited for the locked memberships');
          await sleep(25);
        }
        await blocker.query('COMMIT');
        // The second takes its turn once the first has demoted it: it is no longer an admin (403), and one admin is left.
        expect((await pending).map((r) => r.status).sort()).toEqual([200, 403]);
      } finally {
        await blocker.end();
      }
      const admins = await direct(`SELECT 1 FROM organization_memberships WHERE organization_id = $1 AND role_id = $2`, [
        other.organization.id,
        other.adminRole.id,
      ]);
      expect(admins).toHaveLength(1);
    });

    it('pages a listing by its keyset, the pages alternating between the instances', async () => {
      await insertMemberships(first, await insertAccounts(first, 23), org);
      const expected = await direct<{ id: string }>(
        `SELECT account_id AS id FROM organization_memberships WHERE organization_id = $1 ORDER BY created_at, account_id`,
        [org.organization.id],
      );
      const ids: string[] = [];
      let cursor: string | null | undefined;
      for (let page = 0; cursor !== null; page += 1) {
        const response = await call<{ items: { id: string }[]; nextCursor: string | null }>(
          page % 2 === 0 ? first : second,
          '/organization/listMembers',
          { organizationId: org.organization.id, limit: 5, ...(cursor ? { cursor } : {}) },
          admin.token,
        );
        expect(response.status).toBe(200);
        ids.push(...response.body.items.map((item) => item.id));
        cursor = response.body.nextCursor;
      }
      expect(ids).toEqual(expected.map((row) => row.id));
    });

    it('announces a logout to the other instance at once: its listener connects directly (DATABASE_DIRECT_URL)', async () => {
      const caller = await createCaller(first);
      expect((await call(second, '/account/get', undefined, caller.token)).status).toBe(200);
      await sleep(1050 - (Date.now() % 1000));
      expect((await call(first, '/session/logout', undefined, caller.token)).status).toBe(200);
      const started = Date.now();
      while ((await call(second, '/account/get', undefined, caller.token)).status !== 401) {
        if (Date.now() - started > 2000) throw new Error('the other instance still accepts the session after 2 s');
        await sleep(10);
      }
      expect(Date.now() - started).toBeLessThan(500);
    });

    it('hears no announcement when its listener goes through the pooler too (no DATABASE_DIRECT_URL)', async () => {
      // Told that it goes through a pooler only by this (PgBouncer 1.18 keeps no prepared statements).
      const pooledOnly = await startApi({ ...overrides(), DATABASE_PREPARED_STATEMENTS: 'false' });
      try {
        const caller = await createCaller(first);
        expect((await call(pooledOnly, '/account/get', undefined, caller.token)).status).toBe(200);
        await sleep(1050 - (Date.now() % 1000));
        expect((await call(first, '/session/logout', undefined, caller.token)).status).toBe(200);
        await sleep(1000);
        // Refused only once the revocation interval is over: the LISTEN was made on a server connection PgBouncer handed on.
        expect((await call(pooledOnly, '/account/get', undefined, caller.token)).status).toBe(200);
      } finally {
        await pooledOnly.close();
      }
    });

    it(`used at most ${SERVER_CONNECTIONS} server connections for the instances' pools of ${POOL_MAX} each`, async () => {
      const [pooled] = await direct<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query NOT LIKE 'LISTEN %'`,
      );
      expect(pooled!.n).toBeGreaterThan(0);
      expect(pooled!.n).toBeLessThanOrEqual(SERVER_CONNECTIONS);
    });
  });
});
