import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { APP_CONFIG, type AppConfig, type MailDeliveryConfig } from '../../config/app-config';
import { INVITATION_MAIL_KIND } from '../invitation/invitation-mail';
import { EmailOutboxRepository, type ClaimedMessage } from './email-outbox.repository';
import { MAIL_SENDER, type MailSender } from './mail-sender';

/** The longest wait between two attempts, whatever the number of failures. */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/** Delay before the attempt after `attempts` failed ones: base, 2·base, 4·base, … capped. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** How long one send may take: two thirds of the lease, so that it ends (and is recorded) within it. */
export function sendTimeoutMs(leaseMs: number): number {
  return Math.floor((leaseMs * 2) / 3);
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

export interface DeliveryRound {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
}

/**
 * Delivers the e-mail outbox: every pollIntervalMs it claims due messages (SKIP LOCKED, leased),
 * then sends them one after the other, renewing the lease of each just before its send (which
 * times out within the lease) and recording its outcome right after it. Failures are retried with
 * exponential backoff; after maxAttempts an invitation e-mail keeps being retried at the last delay
 * while its invitation is pending, and is given up as failed (logged) once the invitation is
 * accepted, cancelled or expired; any other e-mail is given up after maxAttempts. Delivery is at
 * least once: a worker that dies after a send but before recording it leaves that one message to be
 * sent again when its lease runs out, under the same message id.
 */
@Injectable()
export class MailDeliveryWorker implements OnApplicationBootstrap, OnModuleDestroy {
  /** Failed sends of every worker of the process, by what followed: a later retry, or giving up (exposed as metrics). */
  static readonly failures = { retried: 0, givenUp: 0 };

  private readonly logger = new Logger(MailDeliveryWorker.name);
  readonly workerId = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly settings: MailDeliveryConfig;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopping = false;
  private current: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly outbox: EmailOutboxRepository,
    @Inject(MAIL_SENDER) private readonly sender: MailSender,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'mail'>,
  ) {
    this.settings = config.mail;
  }

  onApplicationBootstrap(): void {
    if (this.settings.workerEnabled) this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Starts polling (idempotent). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    this.logger.log(`Mail delivery started (${this.sender.name}, every ${this.settings.pollIntervalMs} ms)`);
    this.schedule(0);
  }

  /**
   * Stops polling and waits for the send in progress to be recorded; the messages of the round not
   * yet attempted are handed back, due at once for another instance.
   */
  async stop(): Promise<void> {
    this.running = false;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.current;
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.current = this.runOnce()
        .catch((error: unknown) => this.logger.error({ err: error }, 'Mail delivery round failed'))
        .then((round) => this.schedule(round && round.claimed === this.settings.batchSize ? 0 : this.settings.pollIntervalMs));
    }, delayMs);
    this.timer.unref();
  }

  /** One round: claims due messages and delivers them one at a time. */
  async runOnce(): Promise<DeliveryRound> {
    const claimed = await this.outbox.claimDue(this.workerId, this.settings.batchSize, this.settings.leaseMs);
    const round: DeliveryRound = { claimed: claimed.length, sent: 0, retried: 0, failed: 0 };
    for (const [index, message] of claimed.entries()) {
      if (this.stopping) {
        await this.outbox.release(
          claimed.slice(index).map((m) => m.id),
          this.workerId,
        );
        break;
      }
      if (!(await this.outbox.renewLease(message.id, this.workerId, this.settings.leaseMs))) continue;
      round[await this.deliver(message)]++;
    }
    return round;
  }

  private async deliver(message: ClaimedMessage): Promise<'sent' | 'retried' | 'failed'> {
    try {
      const mail = { id: message.id, kind: message.kind, to: message.toEmail, subject: message.subject, text: message.textBody, html: message.htmlBody };
      await withTimeout(this.sender.send(mail), sendTimeoutMs(this.settings.leaseMs));
    } catch (error) {
      return this.recordFailure(message, describeError(error));
    }
    if (!(await this.outbox.markSent(message.id, this.workerId))) {
      this.logger.warn({ messageId: message.id }, 'E-mail sent after its lease ran out; another worker may send it again');
    }
    return 'sent';
  }

  /**
   * After a failed send: retry with backoff; past maxAttempts, retry an invitation e-mail at the
   * last delay while its invitation is pending. Give up as failed an e-mail whose invitation is no
   * longer pending, and any other e-mail after maxAttempts.
   */
  private async recordFailure(message: ClaimedMessage, reason: string): Promise<'retried' | 'failed'> {
    const invitationPending =
      message.kind === INVITATION_MAIL_KIND && message.referenceId !== null ? await this.outbox.invitationPending(message.referenceId) : null;
    if (invitationPending === false || (invitationPending === null && message.attempts >= this.settings.maxAttempts)) {
      MailDeliveryWorker.failures.givenUp += 1;
      await this.outbox.markFailed(message.id, this.workerId, reason);
      const why = invitationPending === false ? 'its invitation is no longer pending' : 'after the last attempt';
      this.logger.error(
        { messageId: message.id, kind: message.kind, referenceId: message.referenceId, attempts: message.attempts, error: reason },
        `E-mail given up: ${why}`,
      );
      return 'failed';
    }
    const delay = retryDelayMs(Math.min(message.attempts, this.settings.maxAttempts), this.settings.retryBaseMs);
    MailDeliveryWorker.failures.retried += 1;
    await this.outbox.markRetry(message.id, this.workerId, reason, delay);
    const log = { messageId: message.id, kind: message.kind, attempts: message.attempts, retryInMs: delay, error: reason };
    if (message.attempts >= this.settings.maxAttempts)
      this.logger.error(log, 'E-mail still undelivered after the last backoff step; retrying while its invitation is pending');
    else this.logger.warn(log, 'E-mail delivery failed; will retry');
    return 'retried';
  }
}
