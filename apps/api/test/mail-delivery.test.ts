import { TransactionHost } from '@nestjs-cls/transactional';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { EmailOutboxRepository } from '../src/modules/mail/email-outbox.repository';
import { readMailbox } from '../src/modules/mail/local-mailbox-sender';
import { mailJobPolicy, MAX_RETRY_DELAY_MS, retryDelayMs } from '../src/modules/mail/mail-delivery.task';
import { MailService } from '../src/modules/mail/mail.service';
import { spawnApi, type ApiProcess } from './support/api-process';
import { FakeSendgrid, type ReceivedMail } from './support/fake-sendgrid';
import {
  addOrganizationMember,
  createCaller,
  createOrganizationWithProjects,
  uniqueEmail,
  type Caller,
  type InviteEntryBody,
  type OrganizationWithProjectsFixture,
} from './support/fixtures';
import { call, startApi, type TestApi } from './support/harness';
import { waitFor } from './support/wait';

const POLICY = { MAIL_RETRY_BASE_MS: '1000', MAIL_MAX_ATTEMPTS: '3' };

interface QueueJobRow {
  name: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  start_after: Date;
  data: unknown;
}

describe('e-mail delivery on the job queue', () => {
  let fixtures: TestApi;
  let org: OrganizationWithProjectsFixture;
  let admin: Caller;
  let outbox: EmailOutboxRepository;
  let sendgrid: FakeSendgrid;
  /** Recipients the mail service refuses (503) while they are in the set. */
  const refused = new Set<string>();
  const started: ApiProcess[] = [];

  beforeAll(async () => {
    // The jobs carry the policy of the instance that adds them: three attempts, 1 s then 2 s apart (and a 4 s continuation).
    fixtures = await startApi({ MAIL_WORKER_ENABLED: 'false', ...POLICY });
    outbox = fixtures.app.get(EmailOutboxRepository);
    // The e-mails that the test files run before this one queued in the shared database are not this
    // file's: their jobs are cancelled, so that the workers here start on an empty queue.
    await fixtures.app.get(DataSource).query(`UPDATE pgboss.job SET state = 'cancelled' WHERE name = 'email' AND state IN ('created', 'retry')`);
    org = await createOrganizationWithProjects(fixtures, '配信テスト組織', 1);
    admin = await createCaller(fixtures);
    await addOrganizationMember(fixtures, admin.id, org, 'admin');
    sendgrid = new FakeSendgrid(0);
    sendgrid.answer = (mail) => (mail.to && refused.has(mail.to) ? 503 : 202);
    await sendgrid.start();
  });
  afterAll(async () => {
    for (const api of started) await api.stop();
    await sendgrid.close();
    await fixtures.close();
  });

  /** An API instance (a child process, as in production) whose worker delivers through the fake SendGrid (its key names the instance). */
  async function worker(name: string, overrides: Record<string, string> = {}): Promise<ApiProcess> {
    const api = await spawnApi({
      SENDGRID_API_KEY: `SG.${name}`,
      SENDGRID_API_URL: `http://127.0.0.1:${sendgrid.port}`,
      MAIL_WORKER_ENABLED: 'true',
      MAIL_POLL_INTERVAL_MS: '500',
      ...POLICY,
      QUEUE_SUPERVISE_INTERVAL_SECONDS: '1',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
      ...overrides,
    });
    started.push(api);
    return api;
  }

  /** Stops an instance as production does (SIGTERM) and waits for it to exit. */
  async function stop(api: ApiProcess): Promise<void> {
    started.splice(started.indexOf(api), 1);
    await api.terminate();
  }

  /** Invites the addresses to the organization (the file's) through the API and returns the ids of their queued e-mails. */
  async function invite(emails: string[], to: OrganizationWithProjectsFixture = org): Promise<string[]> {
    const result = await call<InviteEntryBody[]>(
      fixtures,
      '/organization/inviteMembers',
      { organizationId: to.organization.id, emails, props: { roleId: to.memberRole.id, projects: [] } },
      admin.token,
    );
    expect(result.status).toBe(200);
    const ids: string[] = [];
    for (const entry of result.body) {
      const rows = await outbox.findByReference('invitation', entry.invitation!.id);
      expect(rows).toHaveLength(1);
      ids.push(rows[0]!.id);
    }
    return ids;
  }

  /** Queues e-mails that are about nothing (no invitation), in one transaction. */
  async function queueUnrelated(count: number): Promise<string[]> {
    const mail = fixtures.app.get(MailService);
    return fixtures.app.get(TransactionHost).withTransaction(async () => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++)
        ids.push(await mail.enqueue({ kind: 'test', referenceId: null, to: uniqueEmail('plain'), subject: 'テスト', text: '本文', html: '<p>本文</p>' }));
      return ids;
    });
  }

  async function job(id: string): Promise<QueueJobRow | undefined> {
    const [row] = await fixtures.app
      .get(DataSource)
      .query<QueueJobRow[]>(`SELECT name, state, retry_count, retry_limit, start_after, data FROM pgboss.job WHERE id = $1`, [id]);
    return row;
  }

  const requestsFor = (id: string): ReceivedMail[] => sendgrid.received.filter((m) => m.messageId === id);
  const statusIs = (ids: string[], status: string) => async () => (await Promise.all(ids.map((id) => outbox.findById(id)))).every((r) => r?.status === status);

  it('backs off exponentially up to a cap, in the whole seconds of the queue', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(40, 1000)).toBe(MAX_RETRY_DELAY_MS);
    expect(mailJobPolicy({ workerEnabled: true, pollIntervalMs: 20, leaseMs: 15_000, retryBaseMs: 200, maxAttempts: 8 })).toEqual({
      retryDelaySeconds: 1,
      expireInSeconds: 15,
      pollingIntervalSeconds: 0.5,
    });
  });

  it('queues the e-mail with its job in the transaction of the change: a rolled-back change leaves neither', async () => {
    const [id] = await invite([uniqueEmail('queued')]);
    const row = await outbox.findById(id!);
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await job(row!.jobId!)).toMatchObject({ name: 'email', state: 'created', data: { messageId: id } });

    let rolledBack: string | undefined;
    await expect(
      fixtures.app.get(TransactionHost).withTransaction(async () => {
        [rolledBack] = await queueUnrelated(1);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await outbox.findById(rolledBack!)).toBeNull();
    const [orphans] = await fixtures.app
      .get(DataSource)
      .query<{ n: number }[]>(`SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'messageId' = $1`, [rolledBack]);
    expect(orphans!.n).toBe(0);
  });

  it('retries a failing send with exponential backoff and delivers once', async () => {
    const address = uniqueEmail('flaky');
    refused.add(address);
    const [id] = await invite([address]);
    const api = await worker('retries');
    try {
      await waitFor(async () => (await outbox.findById(id!))!.attempts === 2 && (await outbox.findById(id!))!.status === 'pending');
      const failing = await outbox.findById(id!);
      expect(failing!.lastError).toContain('Service Unavailable');
      // The outbox records the failure before the queue marks the job for a retry.
      await waitFor(async () => (await job(failing!.jobId!))?.state === 'retry');
      refused.delete(address);
      await waitFor(statusIs([id!], 'sent'));
    } finally {
      refused.delete(address);
      await stop(api);
    }
    const requests = requestsFor(id!);
    expect(requests).toHaveLength(3);
    expect(await outbox.findById(id!)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    // The queue waited retryDelay · 2^n/2 … 2^n (n = retries so far) between the attempts: 1 s, then 2 s at least.
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(950);
    expect(requests[2]!.at - requests[1]!.at).toBeGreaterThanOrEqual(1950);
  }, 60_000);

  it('gives an e-mail about no invitation up as failed after the last attempt, kept and listed for a resend', async () => {
    const [id] = await queueUnrelated(1);
    const to = (await outbox.findById(id!))!.toEmail;
    refused.add(to);
    const api = await worker('gives-up');
    try {
      await waitFor(statusIs([id!], 'failed'));
    } finally {
      refused.delete(to);
      await stop(api);
    }
    const failed = await outbox.findById(id!);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failed!.lastError).toContain('Service Unavailable');
    expect(requestsFor(id!)).toHaveLength(3);
    expect((await outbox.listFailed(500)).some((m) => m.id === id)).toBe(true);
  }, 60_000);

  it('keeps an invitation e-mail going past the last attempt with a new job while the invitation is pending, and gives it up once it is cancelled', async () => {
    const address = uniqueEmail('stubborn');
    refused.add(address);
    const [id] = await invite([address]);
    const firstJob = (await outbox.findById(id!))!.jobId!;
    const api = await worker('continues');
    try {
      await waitFor(async () => (await outbox.findById(id!))!.jobId !== firstJob);
      const continued = await outbox.findById(id!);
      expect(continued).toMatchObject({ status: 'pending', attempts: 3 });
      // The worker's transaction has committed the new job; pg-boss marks the first one completed right after.
      await waitFor(async () => (await job(firstJob))?.state === 'completed');
      // The new job waits the last delay of the backoff (4 s with MAIL_MAX_ATTEMPTS 3 and a 1 s base).
      const next = await job(continued!.jobId!);
      expect(next).toMatchObject({ name: 'email', state: 'created' });
      expect(next!.start_after.getTime()).toBeGreaterThan(Date.now() + 500);

      const invitationId = continued!.referenceId!;
      expect((await call(fixtures, '/invitation/cancel', { invitationId }, admin.token)).status).toBe(200);
      await waitFor(statusIs([id!], 'failed'));
    } finally {
      refused.delete(address);
      await stop(api);
    }
    expect(await outbox.findById(id!)).toMatchObject({ status: 'failed', attempts: 4 });
  }, 60_000);

  it('does not send an invitation e-mail whose invitation was cancelled, or whose organization was deleted, before its attempt', async () => {
    const doomed = await createOrganizationWithProjects(fixtures, '削除される組織', 1);
    await addOrganizationMember(fixtures, admin.id, doomed, 'admin');
    const [ofDeleted] = await invite([uniqueEmail('deleted-org')], doomed);
    const [cancelled, kept] = await invite([uniqueEmail('cancelled'), uniqueEmail('kept')]);
    const cancelledInvitation = (await outbox.findById(cancelled!))!.referenceId!;
    expect((await call(fixtures, '/invitation/cancel', { invitationId: cancelledInvitation }, admin.token)).status).toBe(200);
    const deleted = await call(
      fixtures,
      '/organization/delete',
      { organizationId: doomed.organization.id, confirmName: doomed.organization.name },
      admin.token,
    );
    expect(deleted.status).toBe(200);
    const api = await worker('invitation-gone');
    try {
      await waitFor(statusIs([kept!], 'sent'));
      await waitFor(statusIs([ofDeleted!, cancelled!], 'failed'));
    } finally {
      await stop(api);
    }
    for (const id of [ofDeleted!, cancelled!]) {
      expect(requestsFor(id)).toEqual([]);
      expect(await outbox.findById(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('no longer pending') as unknown });
    }
    expect(requestsFor(kept!)).toHaveLength(1);
  }, 60_000);

  it('never lets two workers send the same message', async () => {
    sendgrid.delayMs = 20;
    const [first, second] = await Promise.all([worker('first'), worker('second')]);
    // Queued once both work: queued before, they could all be sent by the one that started first.
    const ids = await queueUnrelated(40);
    try {
      await waitFor(statusIs(ids, 'sent'));
    } finally {
      await stop(first);
      await stop(second);
      sendgrid.delayMs = 0;
    }
    const deliveries = sendgrid.received.filter((m) => m.messageId !== undefined && ids.includes(m.messageId));
    expect(deliveries).toHaveLength(ids.length);
    expect(new Set(deliveries.map((m) => m.messageId)).size).toBe(ids.length);
    // Both instances took part.
    expect(new Set(deliveries.map((m) => m.authorization))).toEqual(new Set(['Bearer SG.first', 'Bearer SG.second']));
  }, 60_000);

  it('lets the send in progress finish and be recorded when the instance stops', async () => {
    const [id] = await queueUnrelated(1);
    sendgrid.delayMs = 1500;
    const api = await worker('stopping');
    try {
      await waitFor(() => Promise.resolve(requestsFor(id!).length === 1));
      await stop(api);
    } finally {
      sendgrid.delayMs = 0;
    }
    expect(await outbox.findById(id!)).toMatchObject({ status: 'sent', attempts: 1 });
  }, 60_000);

  it('hands e-mails queued before the job queue to it as the API starts, and delivers them to the local mailbox', async () => {
    const ids = await queueUnrelated(3);
    // As the upgrade leaves them: waiting, without a job.
    await fixtures.app.get(DataSource).query(`UPDATE email_outbox SET job_id = NULL WHERE id = ANY($1::uuid[])`, [ids]);
    const dataDir = mkdtempSync(join(tmpdir(), 'console-mail-adopt-'));
    const api = await spawnApi({ MAIL_WORKER_ENABLED: 'true', MAIL_POLL_INTERVAL_MS: '500', DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: '0' });
    started.push(api);
    try {
      await waitFor(statusIs(ids, 'sent'));
      const mails = (await readMailbox(join(dataDir, 'mailbox'))).filter((m) => ids.includes(m.id));
      expect(mails).toHaveLength(ids.length);
      expect((await Promise.all(ids.map((id) => outbox.findById(id)))).every((r) => r?.jobId !== null)).toBe(true);
    } finally {
      await stop(api);
    }
  }, 60_000);

  it('serves the local mailbox page only in dev and test', async () => {
    const page = await fetch(`${fixtures.baseUrl}/dev/mailbox`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('ローカルメールボックス');
    // An evaluation environment authenticates against Firebase itself, never the Auth Emulator.
    const prodLike = await startApi({ APP_ENV: 'eva', FIREBASE_AUTH_EMULATOR_HOST: '', MAIL_WORKER_ENABLED: 'false' });
    try {
      const refusedPage = await fetch(`${prodLike.baseUrl}/dev/mailbox`);
      expect(refusedPage.status).toBe(404);
      expect(await refusedPage.json()).toMatchObject({ errorCode: 'NOT_FOUND' });
    } finally {
      await prodLike.close();
    }
  });
});
