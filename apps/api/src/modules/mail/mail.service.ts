import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { randomUUID } from 'node:crypto';
import { JobQueue } from '../queue/job-queue';
import { EmailOutboxRepository } from './email-outbox.repository';

/** The queue job that delivers an e-mail of the outbox. */
export const MAIL_JOB = 'email';
export interface MailJob {
  messageId: string;
}

/** Messages handed to the queue per transaction when the API starts. */
const ADOPTION_BATCH = 200;

export interface OutgoingMail {
  kind: string;
  referenceId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
}

@Injectable()
export class MailService {
  constructor(
    private readonly outbox: EmailOutboxRepository,
    private readonly queue: JobQueue,
    private readonly transactions: TransactionHost,
  ) {}

  /**
   * Queues an e-mail in the outbox with the job that delivers it, in the transaction that causes
   * the e-mail (there must be one): the message then exists exactly when that transaction commits.
   * Returns the message id.
   */
  async enqueue(mail: OutgoingMail): Promise<string> {
    const id = randomUUID();
    const jobId = await this.queue.add(MAIL_JOB, { messageId: id } satisfies MailJob);
    await this.outbox.insert(
      { id, kind: mail.kind, referenceId: mail.referenceId, toEmail: mail.to.toLowerCase(), subject: mail.subject, textBody: mail.text, htmlBody: mail.html },
      jobId,
    );
    return id;
  }

  /** Of the given references (e.g. invitation ids), those whose latest e-mail of `kind` failed for good. */
  failedReferences(kind: string, referenceIds: readonly string[]): Promise<Set<string>> {
    return this.outbox.failedReferences(kind, referenceIds);
  }

  /**
   * Queues the messages again with a fresh count of attempts and a new job each, in the transaction
   * in progress; one being sent right now is left to its worker. Returns those queued again, each
   * with its status before.
   */
  async requeue(ids: readonly string[]): Promise<{ id: string; previousStatus: string }[]> {
    const requeued = await this.outbox.requeue(ids);
    for (const { id } of requeued) await this.outbox.assignJob(id, await this.queue.add(MAIL_JOB, { messageId: id } satisfies MailJob));
    return requeued;
  }

  /** Queues the latest e-mail of `kind` about the reference again (see {@link requeue}); false when it has none. */
  async resend(kind: string, referenceId: string): Promise<boolean> {
    const latest = await this.outbox.latestFor(kind, referenceId);
    if (latest === null) return false;
    await this.requeue([latest]);
    return true;
  }

  /**
   * Hands the messages waiting without a job (queued before the job queue existed) to the queue, a
   * batch per transaction; two instances starting together never hand one twice (SKIP LOCKED).
   * Returns how many were handed over.
   */
  async adoptWaiting(): Promise<number> {
    let adopted = 0;
    for (;;) {
      const batch = await this.transactions.withTransaction(async () => {
        const ids = await this.outbox.waitingWithoutJob(ADOPTION_BATCH);
        for (const id of ids) await this.outbox.assignJob(id, await this.queue.add(MAIL_JOB, { messageId: id } satisfies MailJob));
        return ids.length;
      });
      adopted += batch;
      if (batch < ADOPTION_BATCH) return adopted;
    }
  }
}
