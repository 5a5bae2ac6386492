import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { APP_CONFIG, type AppConfig, type MailDeliveryConfig } from '../../config/app-config';
import { INVITATION_MAIL_KIND } from '../invitation/invitation-mail';
import { JobQueue, type QueuedJob } from '../queue/job-queue';
import { EmailOutboxRepository, type ClaimedMessage } from './email-outbox.repository';
import { MAIL_SENDER, type MailSender } from './mail-sender';
import { MAIL_JOB, MailService, type MailJob } from './mail.service';

/** The longest wait between two attempts, whatever the number of failures. */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/** Delay before the attempt after `attempts` failed ones: base, 2·base, 4·base, … capped (the queue adds jitter). */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** How long one send may take: two thirds of the lease, so that it ends (and is recorded) before the job expires. */
export function sendTimeoutMs(leaseMs: number): number {
  return Math.floor((leaseMs * 2) / 3);
}

/** The queue's retry policy and expiry from the mail settings (the queue counts whole seconds). */
export function mailJobPolicy(settings: MailDeliveryConfig): { retryDelaySeconds: number; expireInSeconds: number; pollingIntervalSeconds: number } {
  return {
    retryDelaySeconds: Math.max(1, Math.round(settings.retryBaseMs / 1000)),
    expireInSeconds: Math.max(1, Math.ceil(settings.leaseMs / 1000)),
    pollingIntervalSeconds: Math.max(0.5, settings.pollIntervalMs / 1000),
  };
}

/** Rejects when `promise` has not settled within `ms`. */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`mail service did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000);
}

/** What an attempt came to: sent; retried by the queue; continued by a new job (an invitation e-mail past its last attempt); given up; or nothing to do (sent, failed or another job's). */
type AttemptOutcome = 'sent' | 'retried' | 'continued' | 'failed' | 'nothing';

/** Why an invitation e-mail was given up before its send (kept as its last error). */
const NOT_SENT_INVITATION_GONE = 'not sent: its invitation is no longer pending (accepted, cancelled or expired, or its organization deleted)';

/** A failed send that the queue retries (the job's attempt fails with it). */
class RetriedSend extends Error {}

/**
 * Delivers the e-mail outbox through the job queue: each message has a job (`email`) that the
 * queue hands to one worker at a time (SKIP LOCKED); the attempt sends the message (timing out
 * within the job's expiry) and records the outcome right after. A failed send fails the job's
 * attempt, which the queue retries with exponential backoff; after MAIL_MAX_ATTEMPTS an invitation
 * e-mail continues with a new job at the last delay while its invitation is pending, and is given
 * up as failed (logged) once it is accepted, cancelled or expired; any other e-mail is given up
 * after MAIL_MAX_ATTEMPTS. Delivery is at least once: a worker that dies after a send but before
 * recording it leaves that one message to be sent again once its job expires, under the same id.
 * An invitation e-mail whose invitation is no longer pending when its attempt starts is not sent
 * (given up as failed, with the reason).
 */
@Injectable()
export class MailDelivery implements OnApplicationBootstrap {
  /** Failed sends of the process, by what followed: a later retry, or giving up (exposed as metrics). */
  static readonly failures = { retried: 0, givenUp: 0 };

  private readonly logger = new Logger(MailDelivery.name);
  private readonly settings: MailDeliveryConfig;

  constructor(
    private readonly outbox: EmailOutboxRepository,
    private readonly mail: MailService,
    private readonly queue: JobQueue,
    private readonly transactions: TransactionHost,
    @Inject(MAIL_SENDER) private readonly sender: MailSender,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'mail'>,
  ) {
    this.settings = config.mail;
    const policy = mailJobPolicy(this.settings);
    queue.register<MailJob>({
      name: MAIL_JOB,
      workerEnabled: this.settings.workerEnabled,
      pollingIntervalSeconds: policy.pollingIntervalSeconds,
      retry: { limit: this.settings.maxAttempts - 1, delaySeconds: policy.retryDelaySeconds, maxDelaySeconds: MAX_RETRY_DELAY_MS / 1000 },
      expireInSeconds: policy.expireInSeconds,
      run: async (job) => {
        if ((await this.attempt(job)) === 'retried') throw new RetriedSend(`e-mail ${job.data.messageId} not sent; retried`);
      },
    });
  }

  /** Hands the messages still waiting without a job (queued before the upgrade to the queue) to the queue. */
  async onApplicationBootstrap(): Promise<void> {
    const adopted = await this.mail.adoptWaiting();
    if (adopted > 0) this.logger.log(`${adopted} e-mails waiting since before the job queue handed to it`);
  }

  /** One attempt of the job at its message. */
  async attempt(job: QueuedJob<MailJob>): Promise<AttemptOutcome> {
    const message = await this.outbox.startAttempt(job.data.messageId, job.id);
    if (!message) return 'nothing';
    if (message.kind === INVITATION_MAIL_KIND && message.referenceId !== null && !(await this.outbox.invitationPending(message.referenceId))) {
      // Accepted, cancelled or expired, or its organization deleted, since it was queued: an invitation nobody may use is not sent.
      await this.outbox.markFailed(message.id, job.id, NOT_SENT_INVITATION_GONE);
      this.logger.warn({ messageId: message.id, referenceId: message.referenceId }, 'E-mail not sent: its invitation is no longer pending');
      return 'failed';
    }
    this.logger.log(`Sending e-mail ${message.id} with ${this.sender.name}`);
    try {
      const mail = { id: message.id, kind: message.kind, to: message.toEmail, subject: message.subject, text: message.textBody, html: message.htmlBody };
      await withTimeout(this.sender.send(mail), sendTimeoutMs(this.settings.leaseMs));
    } catch (error) {
      return this.recordFailure(message, job, describeError(error));
    }
    if (!(await this.outbox.markSent(message.id, job.id))) {
      this.logger.warn({ messageId: message.id }, 'E-mail sent, but it had been queued again meanwhile; it may be sent again');
    }
    return 'sent';
  }

  /**
   * After a failed send: retry (the queue's backoff) while retries remain; past the last one,
   * continue an invitation e-mail with a new job at the last delay while its invitation is pending.
   * Give up as failed an e-mail whose invitation is no longer pending, and any other e-mail after
   * its last attempt.
   */
  private async recordFailure(message: ClaimedMessage, job: QueuedJob<MailJob>, reason: string): Promise<'retried' | 'continued' | 'failed'> {
    const lastAttempt = job.retryCount >= job.retryLimit;
    const invitationPending =
      message.kind === INVITATION_MAIL_KIND && message.referenceId !== null ? await this.outbox.invitationPending(message.referenceId) : null;
    if (invitationPending === false || (invitationPending === null && lastAttempt)) {
      MailDelivery.failures.givenUp += 1;
      await this.outbox.markFailed(message.id, job.id, reason);
      const why = invitationPending === false ? 'its invitation is no longer pending' : 'after the last attempt';
      this.logger.error(
        { messageId: message.id, kind: message.kind, referenceId: message.referenceId, attempts: message.attempts, error: reason },
        `E-mail given up: ${why}`,
      );
      return 'failed';
    }
    MailDelivery.failures.retried += 1;
    const log = { messageId: message.id, kind: message.kind, attempts: message.attempts, error: reason };
    if (!lastAttempt) {
      await this.outbox.markRetry(message.id, job.id, reason);
      this.logger.warn(log, 'E-mail delivery failed; will retry');
      return 'retried';
    }
    const delayMs = retryDelayMs(this.settings.maxAttempts, this.settings.retryBaseMs);
    await this.transactions.withTransaction(async () => {
      const next = await this.queue.add(MAIL_JOB, { messageId: message.id }, Math.ceil(delayMs / 1000));
      await this.outbox.markRetry(message.id, job.id, reason, next);
    });
    this.logger.error({ ...log, retryInMs: delayMs }, 'E-mail still undelivered after the last backoff step; retrying while its invitation is pending');
    // The job ends here: the new one continues the message.
    return 'continued';
  }
}
