import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { APP_CONFIG, type AppConfig, type MailDeliveryConfig } from '../../config/app-config';
import { EmailOutboxRepository, type ClaimedMessage } from './email-outbox.repository';
import { MAIL_SENDER, type MailSender } from './mail-sender';

/** The longest wait between two attempts, whatever the number of failures. */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/** Delay before the attempt after `attempts` failed ones: base, 2·base, 4·base, … capped. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
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
 * sends them through the {@link MailSender} and records the outcome. Failures are retried with
 * exponential backoff; after maxAttempts a message is given up as failed (logged). Delivery is at
 * least once: a worker that dies after sending but before recording leaves the row to be sent
 * again when its lease runs out, under the same message id.
 */
@Injectable()
export class MailDeliveryWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MailDeliveryWorker.name);
  readonly workerId = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly settings: MailDeliveryConfig;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
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
    this.logger.log(`Mail delivery started (${this.sender.name}, every ${this.settings.pollIntervalMs} ms)`);
    this.schedule(0);
  }

  /** Stops polling and waits for the round in progress to finish recording its outcomes. */
  async stop(): Promise<void> {
    this.running = false;
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

  /** One round: claims due messages and delivers them. */
  async runOnce(): Promise<DeliveryRound> {
    const claimed = await this.outbox.claimDue(this.workerId, this.settings.batchSize, this.settings.leaseMs);
    const round: DeliveryRound = { claimed: claimed.length, sent: 0, retried: 0, failed: 0 };
    await Promise.all(claimed.map(async (message) => round[await this.deliver(message)]++));
    return round;
  }

  private async deliver(message: ClaimedMessage): Promise<'sent' | 'retried' | 'failed'> {
    try {
      await this.sender.send({ id: message.id, kind: message.kind, to: message.toEmail, subject: message.subject, text: message.textBody, html: message.htmlBody });
    } catch (error) {
      const reason = describeError(error);
      if (message.attempts >= this.settings.maxAttempts) {
        await this.outbox.markFailed(message.id, this.workerId, reason);
        this.logger.error({ messageId: message.id, kind: message.kind, referenceId: message.referenceId, attempts: message.attempts, error: reason }, 'E-mail given up after the last attempt');
        return 'failed';
      }
      const delay = retryDelayMs(message.attempts, this.settings.retryBaseMs);
      await this.outbox.markRetry(message.id, this.workerId, reason, delay);
      this.logger.warn({ messageId: message.id, kind: message.kind, attempts: message.attempts, retryInMs: delay, error: reason }, 'E-mail delivery failed; will retry');
      return 'retried';
    }
    if (!(await this.outbox.markSent(message.id, this.workerId))) {
      this.logger.warn({ messageId: message.id }, 'E-mail sent after its lease ran out; another worker may send it again');
    }
    return 'sent';
  }
}
