import { TransactionHost } from '@nestjs-cls/transactional';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { MailDeliveryConfig } from '../src/config/app-config';
import { EmailOutboxRepository } from '../src/modules/mail/email-outbox.repository';
import { readMailbox } from '../src/modules/mail/local-mailbox-sender';
import { MailDeliveryWorker, MAX_RETRY_DELAY_MS, retryDelayMs, sendTimeoutMs } from '../src/modules/mail/mail-delivery.worker';
import type { MailMessage, MailSender } from '../src/modules/mail/mail-sender';
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
}

/** Records what it sends; fails the first `failures` attempts of every message. */
class RecordingSender implements MailSender {
  readonly name = 'recording';
  readonly sent: MailMessage[] = [];
  readonly attempts = new Map<string, number>();

  constructor(
    private readonly failures = 0,
    private readonly delayMs = 0,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const attempt = (this.attempts.get(message.id) ?? 0) + 1;
    this.attempts.set(message.id, attempt);
    if (this.delayMs) await sleep(this.delayMs);
    if (attempt <= this.failures) throw new Error(`mail service unavailable (attempt ${attempt})`);
    this.sent.push(message);
  }
}

/** Never answers until released: a worker that dies while sending. */
class HangingSender implements MailSender {
  readonly name = 'hanging';
  private releases: (() => void)[] = [];
  readonly received: string[] = [];

  send(message: MailMessage): Promise<void> {
    this.received.push(message.id);
    return new Promise((resolve) => this.releases.push(resolve));
  }

  release(): void {
    for (const release of this.releases) release();
    this.releases = [];
  }
}

function settings(overrides: Partial<MailDeliveryConfig> = {}): { mail: MailDeliveryConfig } {
  return { mail: { workerEnabled: false, pollIntervalMs: 20, batchSize: 10, leaseMs: 60_000, retryBaseMs: 50, maxAttempts: 5, ...overrides } };
}

describe('e-mail delivery', () => {
  let api: TestApi;
  let org: OrganizationWithProjectsFixture;
  let admin: Caller;
  let outbox: EmailOutboxRepository;

  beforeAll(async () => {
    api = await startApi({ MAIL_WORKER_ENABLED: 'false' });
    outbox = api.app.get(EmailOutboxRepository);
    // The run's database is shared by the test files: e-mails that earlier files left queued
    // would take places in these workers' batches, so they are set aside first.
    await api.app.get(DataSource).query(`UPDATE email_outbox SET status = 'failed', last_error = 'set aside by the delivery tests' WHERE status = 'pending'`);
    org = await createOrganizationWithProjects(api, '配信テスト組織', 1);
    admin = await createCaller(api);
    await addOrganizationMember(api, admin.id, org, 'admin');
  });
  afterAll(async () => {
    await api.close();
  });

  /** Invites `count` new addresses through the API and returns the ids of their queued e-mails. */
  async function inviteMessages(target: TestApi, count: number): Promise<string[]> {
    const result = await call<InviteEntryBody[]>(
      target,
      '/organization/inviteMembers',
      {
        organizationId: org.organization.id,
        emails: Array.from({ length: count }, () => uniqueEmail('mail')),
        props: { roleId: org.memberRole.id, projects: [] },
      },
      admin.token,
    );
    expect(result.status).toBe(200);
    const ids: string[] = [];
    for (const entry of result.body) {
      const rows = await target.app.get(EmailOutboxRepository).findByReference('invitation', entry.invitation!.id);
      expect(rows).toHaveLength(1);
      ids.push(rows[0]!.id);
    }
    return ids;
  }

  it('backs off exponentially up to a cap', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(40, 1000)).toBe(MAX_RETRY_DELAY_MS);
  });

  it('retries a failing sender with backoff and eventually delivers once', async () => {
    const [id] = await inviteMessages(api, 1);
    const sender = new RecordingSender(2);
    const worker = new MailDeliveryWorker(outbox, sender, settings({ retryBaseMs: 300 }));

    await worker.runOnce();
    const afterFailure = await outbox.findById(id!);
    expect(afterFailure).toMatchObject({ status: 'pending', attempts: 1, lockedBy: null });
    expect(afterFailure!.lastError).toContain('mail service unavailable');
    expect(afterFailure!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 150);
    await worker.runOnce();
    expect(sender.attempts.get(id!)).toBe(1); // not due yet: the backoff holds it back

    worker.start();
    try {
      await waitFor(async () => (await outbox.findById(id!))?.status === 'sent');
    } finally {
      await worker.stop();
    }
    const sent = await outbox.findById(id!);
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, lastError: null, lockedBy: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
    expect(sender.sent.filter((m) => m.id === id)).toHaveLength(1);
    expect(sender.sent.find((m) => m.id === id)!.subject).toContain(org.organization.name);
  });

  /** Runs a started worker until the message reaches `status`. */
  async function runUntil(worker: MailDeliveryWorker, id: string, status: string): Promise<void> {
    worker.start();
    try {
      await waitFor(async () => (await outbox.findById(id))?.status === status);
    } finally {
      await worker.stop();
    }
  }

  /** Queues a message that is about nothing (no invitation). */
  async function queueUnrelated(): Promise<string> {
    const id = randomUUID();
    await api.app
      .get(TransactionHost)
      .withTransaction(() =>
        outbox.insert({ id, kind: 'test', referenceId: null, toEmail: uniqueEmail('plain'), subject: 'テスト', textBody: '本文', htmlBody: '<p>本文</p>' }),
      );
    return id;
  }

  it('keeps retrying an invitation e-mail past the last attempt, at the last delay, and sends it once the mail service recovers', async () => {
    const [id] = await inviteMessages(api, 1);
    const sender = new RecordingSender(5);
    const worker = new MailDeliveryWorker(outbox, sender, settings({ retryBaseMs: 40, maxAttempts: 3 }));
    for (let attempt = 1; attempt <= 4; attempt++) {
      await api.app.get(DataSource).query(`UPDATE email_outbox SET next_attempt_at = now() WHERE id = $1`, [id]);
      const before = Date.now();
      expect(await worker.runOnce()).toMatchObject({ retried: 1, failed: 0 });
      const row = await outbox.findById(id!);
      expect(row).toMatchObject({ status: 'pending', attempts: attempt });
      // 40, 80, then 160 ms from the third (last) attempt on: the delay stops growing.
      const delay = retryDelayMs(Math.min(attempt, 3), 40);
      expect(row!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + delay - 50);
      expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + delay + 50);
    }
    await runUntil(worker, id!, 'sent');
    expect(await outbox.findById(id!)).toMatchObject({ status: 'sent', attempts: 6, lastError: null });
    expect(sender.attempts.get(id!)).toBe(6);
    expect(sender.sent.filter((m) => m.id === id)).toHaveLength(1);
  });

  it('gives an invitation e-mail up as failed once its invitation is cancelled', async () => {
    const [id] = await inviteMessages(api, 1);
    const worker = new MailDeliveryWorker(outbox, new RecordingSender(Number.MAX_SAFE_INTEGER), settings({ retryBaseMs: 1, maxAttempts: 2 }));
    await worker.runOnce();
    expect(await outbox.findById(id!)).toMatchObject({ status: 'pending', attempts: 1 });
    const invitationId = (await outbox.findById(id!))!.referenceId!;
    expect((await call(api, '/invitation/cancel', { invitationId }, admin.token)).status).toBe(200);
    await runUntil(worker, id!, 'failed');
    expect(await outbox.findById(id!)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'mail service unavailable (attempt 2)' });
  });

  it('gives an invitation e-mail up as failed once its invitation expired, even before the last attempt', async () => {
    const [id] = await inviteMessages(api, 1);
    const invitationId = (await outbox.findById(id!))!.referenceId!;
    await api.app.get(DataSource).query(`UPDATE invitations SET created_at = now() - (expired_in + 1) * interval '1 second' WHERE id = $1`, [invitationId]);
    const worker = new MailDeliveryWorker(outbox, new RecordingSender(Number.MAX_SAFE_INTEGER), settings({ retryBaseMs: 1, maxAttempts: 5 }));
    expect(await worker.runOnce()).toMatchObject({ failed: 1 });
    expect(await outbox.findById(id!)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('gives an e-mail about no invitation up as failed after the last attempt', async () => {
    const id = await queueUnrelated();
    const worker = new MailDeliveryWorker(outbox, new RecordingSender(Number.MAX_SAFE_INTEGER), settings({ retryBaseMs: 1, maxAttempts: 3 }));
    await runUntil(worker, id, 'failed');
    expect(await outbox.findById(id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'mail service unavailable (attempt 3)' });
  });

  it('records each message as sent right after its own send, before the next of the batch goes out', async () => {
    const ids = [await queueUnrelated(), await queueUnrelated(), await queueUnrelated()];
    const received: string[] = [];
    const hanging = new HangingSender();
    // Answers at once, except for the second message, which stays in flight until released.
    const sender: MailSender = {
      name: 'second-in-flight',
      send: (message) => {
        received.push(message.id);
        return received.length === 2 ? hanging.send(message) : Promise.resolve();
      },
    };
    const worker = new MailDeliveryWorker(outbox, sender, settings({ batchSize: 3 }));
    const round = worker.runOnce();
    await waitFor(() => Promise.resolve(received.length === 2));
    const [first, second] = received;
    const third = ids.find((id) => !received.includes(id));
    // Had the worker died now, only the message in flight could be sent twice.
    expect(await outbox.findById(first!)).toMatchObject({ status: 'sent' });
    expect(await outbox.findById(second!)).toMatchObject({ status: 'sending' });
    expect(await outbox.findById(third!)).toMatchObject({ status: 'sending' });
    hanging.release();
    expect(await round).toEqual({ claimed: 3, sent: 3, retried: 0, failed: 0 });
  });

  it('keeps a slow send with its worker: it times out within the lease and no other worker takes it over meanwhile', async () => {
    const id = await queueUnrelated();
    const hanging = new HangingSender();
    const slow = new MailDeliveryWorker(outbox, hanging, settings({ leaseMs: 900, retryBaseMs: 60_000 }));
    const other = new RecordingSender();
    const poller = new MailDeliveryWorker(outbox, other, settings({ leaseMs: 900 }));
    const slowRound = slow.runOnce();
    await waitFor(() => Promise.resolve(hanging.received.includes(id)));
    const until = Date.now() + 700;
    while (Date.now() < until) {
      await poller.runOnce();
      await sleep(50);
    }
    expect(await slowRound).toMatchObject({ claimed: 1, retried: 1 });
    expect(other.attempts.has(id)).toBe(false);
    const row = await outbox.findById(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedBy: null, lastError: `mail service did not answer within ${sendTimeoutMs(900)} ms` });
    await api.app.get(DataSource).query(`UPDATE email_outbox SET status = 'sent' WHERE id = $1`, [id]);
    hanging.release();
  });

  it('hands the rest of its batch back, due at once, when stopped mid-round', async () => {
    const ids = [await queueUnrelated(), await queueUnrelated(), await queueUnrelated()];
    const hanging = new HangingSender();
    const worker = new MailDeliveryWorker(outbox, hanging, settings({ batchSize: 3, pollIntervalMs: 60_000 }));
    worker.start();
    await waitFor(() => Promise.resolve(hanging.received.length === 1));
    const stopped = worker.stop();
    hanging.release();
    await stopped;
    const rows = await Promise.all(ids.map((id) => outbox.findById(id)));
    expect(rows.filter((r) => r?.status === 'sent')).toHaveLength(1);
    const handedBack = rows.filter((r) => r?.status === 'pending');
    expect(handedBack).toHaveLength(2);
    expect(handedBack.every((r) => r!.attempts === 0 && r!.lockedBy === null && r!.nextAttemptAt.getTime() <= Date.now())).toBe(true);
    await api.app.get(DataSource).query(`UPDATE email_outbox SET status = 'sent' WHERE id = ANY($1::uuid[])`, [ids]);
  });

  it('never lets two workers send the same message', async () => {
    const ids: string[] = Array.from({ length: 40 }, () => randomUUID());
    await api.app.get(TransactionHost).withTransaction(async () => {
      for (const id of ids)
        await outbox.insert({
          id,
          kind: 'test',
          referenceId: null,
          toEmail: uniqueEmail('bulk'),
          subject: 'テスト',
          textBody: '本文',
          htmlBody: '<p>本文</p>',
        });
    });
    const senders = [new RecordingSender(0, 3), new RecordingSender(0, 3)];
    const workers = senders.map((sender) => new MailDeliveryWorker(outbox, sender, settings({ batchSize: 4 })));
    const allSent = async () => (await Promise.all(ids.map((id) => outbox.findById(id)))).every((row) => row?.status === 'sent');
    workers.forEach((w) => w.start());
    try {
      await waitFor(allSent);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const deliveries = senders.flatMap((s) => s.sent.map((m) => m.id)).filter((id) => ids.includes(id));
    expect(deliveries).toHaveLength(ids.length);
    expect(new Set(deliveries).size).toBe(ids.length);
    expect(senders.every((s) => s.sent.some((m) => ids.includes(m.id)))).toBe(true);
  });

  it('loses nothing when the API restarts mid-queue, including messages a dead worker had claimed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'console-mail-restart-'));
    const first = await startApi({ MAIL_WORKER_ENABLED: 'false', DATA_DIR: dataDir });
    const ids = await inviteMessages(first, 5);
    // A worker of the first instance claims some messages and dies while sending the first of them.
    const hanging = new HangingSender();
    const dying = new MailDeliveryWorker(first.app.get(EmailOutboxRepository), hanging, settings({ batchSize: 2, leaseMs: 500 }));
    const dyingRound = dying.runOnce().catch(() => undefined);
    await waitFor(() => Promise.resolve(hanging.received.length === 1));
    await first.close();

    const second = await startApi({ MAIL_POLL_INTERVAL_MS: '25', DATA_DIR: dataDir, MAIL_LEASE_MS: '500' });
    try {
      const delivered = async () => {
        const mails = await readMailbox(join(dataDir, 'mailbox'));
        return ids.every((id) => mails.some((m) => m.id === id));
      };
      await waitFor(delivered);
      await waitFor(async () => (await Promise.all(ids.map((id) => outbox.findById(id)))).every((row) => row?.status === 'sent'));
      const mails = (await readMailbox(join(dataDir, 'mailbox'))).filter((m) => ids.includes(m.id));
      expect(mails).toHaveLength(ids.length);
      expect(mails.every((m) => m.kind === 'invitation' && m.text.includes('/auth/invitations/'))).toBe(true);
      // The dead worker's late answer does not disturb the redelivered messages.
      hanging.release();
      await dyingRound;
      expect((await Promise.all(ids.map((id) => outbox.findById(id)))).every((row) => row?.status === 'sent')).toBe(true);

      const page = await fetch(`${second.baseUrl}/dev/mailbox`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).toContain('ローカルメールボックス');
      expect(html).toMatch(/<a href="http:\/\/localhost:5173\/auth\/invitations\/[0-9A-Za-z]{21}\?page=sign-up">/);
    } finally {
      await second.close();
    }
  });

  it('serves the local mailbox page only in dev and test', async () => {
    // An evaluation environment authenticates against Firebase itself, never the Auth Emulator.
    const prodLike = await startApi({ APP_ENV: 'eva', FIREBASE_AUTH_EMULATOR_HOST: '', MAIL_WORKER_ENABLED: 'false' });
    try {
      const refused = await fetch(`${prodLike.baseUrl}/dev/mailbox`);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({ errorCode: 'NOT_FOUND' });
    } finally {
      await prodLike.close();
    }
  });
});
