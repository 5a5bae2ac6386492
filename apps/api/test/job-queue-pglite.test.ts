import { TransactionHost } from '@nestjs-cls/transactional';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { AUDIT_RETENTION_JOB } from '../src/modules/audit/audit-retention.job';
import { AuditService } from '../src/modules/audit/audit.service';
import { CHANGE_EVENT_RETENTION_CRON, CHANGE_EVENT_RETENTION_JOB } from '../src/modules/change-event/change-event-retention.job';
import { EmailOutboxRepository } from '../src/modules/mail/email-outbox.repository';
import { readMailbox } from '../src/modules/mail/local-mailbox-sender';
import { MailService } from '../src/modules/mail/mail.service';
import { ORGANIZATION_PURGE_JOB } from '../src/modules/organization-deletion/organization-purge.job';
import { DOMAIN_RECHECK_JOB } from '../src/modules/organization-domain/domain-recheck.job';
import { WebhookService } from '../src/modules/webhook/webhook.service';
import { uniqueEmail } from './support/fixtures';
import { startApi, type TestApi } from './support/harness';
import { waitFor } from './support/wait';

/** The embedded dev database: PGlite behind its socket server, started by tools/stack.mjs (as `pnpm dev` does) in a process of its own. */
async function startPglite(): Promise<{ url: string; stop: () => Promise<void> }> {
  const stack = join(__dirname, '..', '..', '..', 'tools', 'stack.mjs');
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(
    process.execPath,
    ['--input-type=module', '-e', `const { startPglite } = await import(${JSON.stringify(stack)}); console.log((await startPglite()).url);`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /postgres:\/\/\S+/.exec(output);
      if (match) resolve(match[0]);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`PGlite exited: ${output}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The job queue on PGlite's socket server: every connection shares PGlite's one session, so a
 * transaction holds the database alone (SKIP LOCKED and pg-boss's transaction-scoped advisory
 * locks hold trivially), and a LISTEN reaches no other connection (the queue polls).
 */
describe('the job queue on the embedded dev database (PGlite)', () => {
  let pglite: { url: string; stop: () => Promise<void> };
  let first: TestApi;
  const dataDirs = [mkdtempSync(join(tmpdir(), 'console-pglite-mail-a-')), mkdtempSync(join(tmpdir(), 'console-pglite-mail-b-'))];
  const settings = {
    // Named statements are prepared in PGlite's one session, which every connection of every
    // instance shares: a name one instance prepared is taken for another's statement (42P05), as
    // `pnpm dev` knows (tools/dev.mjs).
    DATABASE_PREPARED_STATEMENTS: 'false',
    DATABASE_POOL_MAX: '1',
    QUEUE_POOL_MAX: '1',
    MAIL_POLL_INTERVAL_MS: '500',
    MAIL_RETRY_BASE_MS: '1000',
    QUEUE_SUPERVISE_INTERVAL_SECONDS: '1',
    // The purge job's schedule (the deployment's, set by every instance as it starts) every minute: its firing is checked below.
    ORGANIZATION_PURGE_SCHEDULE: '* * * * *',
  };

  beforeAll(async () => {
    pglite = await startPglite();
    // Migrates the database (TypeORM), then pg-boss installs its schema.
    first = await startApi({ ...settings, DATABASE_URL: pglite.url, DATA_DIR: dataDirs[0]!, MAIL_WORKER_ENABLED: 'false' });
  }, 120_000);
  afterAll(async () => {
    await first?.close();
    await pglite?.stop();
  });

  async function queue(count: number): Promise<string[]> {
    const mail = first.app.get(MailService);
    return first.app.get(TransactionHost).withTransaction(async () => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++)
        ids.push(await mail.enqueue({ kind: 'test', referenceId: null, to: uniqueEmail('pglite'), subject: 'テスト', text: '本文', html: '<p>本文</p>' }));
      return ids;
    });
  }

  const statuses = async (ids: string[]) => (await Promise.all(ids.map((id) => first.app.get(EmailOutboxRepository).findById(id)))).map((r) => r?.status);

  it('installs the queue and adds jobs in the change transaction only', async () => {
    const [version] = await first.app.get(DataSource).query<{ version: number }[]>(`SELECT version FROM pgboss.version`);
    expect(version!.version).toBeGreaterThan(0);
    await expect(
      first.app.get(TransactionHost).withTransaction(async () => {
        await queue(1);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    const [counts] = await first.app
      .get(DataSource)
      .query<{ jobs: number; mails: number }[]>(
        `SELECT (SELECT count(*)::int FROM pgboss.job WHERE name = 'email') AS jobs, (SELECT count(*)::int FROM email_outbox) AS mails`,
      );
    expect(counts).toEqual({ jobs: 0, mails: 0 });
  });

  it('retries a failing send with backoff, then two workers deliver every e-mail exactly once', async () => {
    // The local mailbox cannot be written while a file stands where its directory goes: every send fails.
    writeFileSync(join(dataDirs[1]!, 'mailbox'), 'not a directory');
    const [failing] = await queue(1);
    const second = await startApi({ ...settings, DATABASE_URL: pglite.url, DATA_DIR: dataDirs[1]!, MAIL_WORKER_ENABLED: 'true' });
    try {
      // Two attempts over (one in progress is `sending` until its outcome is recorded).
      await waitFor(async () => {
        const attempted = (await first.app.get(EmailOutboxRepository).findById(failing!))!;
        return attempted.attempts >= 2 && attempted.status !== 'sending';
      });
      const row = await first.app.get(EmailOutboxRepository).findById(failing!);
      expect(row).toMatchObject({ status: 'pending' });
      expect(row!.lastError).toMatch(/EEXIST|ENOTDIR/);
      rmSync(join(dataDirs[1]!, 'mailbox'));
      mkdirSync(join(dataDirs[1]!, 'mailbox'));
      await waitFor(async () => (await statuses([failing!]))[0] === 'sent');

      const ids = await queue(20);
      const third = await startApi({ ...settings, DATABASE_URL: pglite.url, DATA_DIR: dataDirs[0]!, MAIL_WORKER_ENABLED: 'true' });
      try {
        await waitFor(async () => (await statuses(ids)).every((s) => s === 'sent'));
      } finally {
        await third.close();
      }
      const delivered = [...(await readMailbox(join(dataDirs[0]!, 'mailbox'))), ...(await readMailbox(join(dataDirs[1]!, 'mailbox')))];
      const ours = delivered.filter((m) => ids.includes(m.id));
      expect(ours).toHaveLength(ids.length);
      expect(new Set(ours.map((m) => m.id)).size).toBe(ids.length);
      expect(delivered.filter((m) => m.id === failing)).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('adds the periodic jobs on their cron schedules and runs them', async () => {
    const database = first.app.get(DataSource);
    const schedules = await database.query<{ name: string; cron: string }[]>(`SELECT name, cron FROM pgboss.schedule ORDER BY name`);
    expect(schedules).toEqual([
      { name: AUDIT_RETENTION_JOB, cron: '0 * * * *' },
      { name: CHANGE_EVENT_RETENTION_JOB, cron: CHANGE_EVENT_RETENTION_CRON },
      { name: DOMAIN_RECHECK_JOB, cron: '*/15 * * * *' },
      { name: ORGANIZATION_PURGE_JOB, cron: '* * * * *' },
    ]);
    // The next minute's occurrence: the cron pass sends it, the purge queue's worker runs it.
    await waitFor(
      async () => (await database.query<unknown[]>(`SELECT 1 FROM pgboss.job WHERE name = $1 AND state = 'completed'`, [ORGANIZATION_PURGE_JOB])).length > 0,
      100_000,
      500,
    );
  }, 120_000);

  it('writes change events with their changes and lists them in order (pg_current_xact_id, pg_snapshot_xmin)', async () => {
    const rename = (name: string) =>
      first.app.get(TransactionHost).withTransaction(() =>
        first.app.get(AuditService).record(
          { actor: null, requestId: null, ip: null, userAgent: null },
          {
            action: 'organization.update',
            targetType: 'organization',
            targetId: 'o1P2q3R4',
            organizationId: 'o1P2q3R4',
            changes: { name: { before: 'before', after: name } },
          },
        ),
      );
    await rename('first');
    await expect(
      first.app.get(TransactionHost).withTransaction(async () => {
        await rename('rolled back');
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await rename('second');
    const page = await first.app.get(WebhookService).listEvents({});
    expect(page.items.map((e) => [e.type, e.data.name])).toEqual([
      ['organization.renamed', 'first'],
      ['organization.renamed', 'second'],
    ]);
    expect((await first.app.get(WebhookService).listEvents({ after: page.nextCursor! })).items).toEqual([]);
  });
});
