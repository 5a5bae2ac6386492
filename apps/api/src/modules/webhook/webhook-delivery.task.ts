import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type WebhookDeliveryConfig } from '../../config/app-config';
import type { ClaimedDelivery } from '../change-event/change-event.repository';
import { ChangeEventRepository } from '../change-event/change-event.repository';
import { WEBHOOK_JOB, type WebhookJob } from '../change-event/change-event.writer';
import { JobQueue, type QueuedJob } from '../queue/job-queue';
import { toEventEnvelope } from './webhook.dto';
import { webhookHeaders } from './webhook-signature';
import { DeliveryRefused, WebhookSender } from './webhook-sender';
import { SecretCipher } from '../../common/crypto/secret-cipher';

/** The longest wait between two attempts. */
const MAX_RETRY_DELAY_SECONDS = 6 * 3600;

/** The queue's delay before retry `retry` (0 for the first): base·2^retry, times 1 to 2 (the queue's jitter), capped. */
function retryDelaySeconds(retry: number, baseSeconds: number, factor: number): number {
  return Math.min(MAX_RETRY_DELAY_SECONDS, baseSeconds * 2 ** retry * factor);
}

/** The retries whose delays (at the jitter's mean) add up to about `spanSeconds`: the last attempt comes about that long after the first. */
export function retryLimitWithin(spanSeconds: number, baseSeconds: number): number {
  let retries = 0;
  for (let waited = 0; waited < spanSeconds; retries += 1) waited += retryDelaySeconds(retries, baseSeconds, 1.5);
  return retries;
}

function describeError(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}

/** A failed delivery that the queue retries (the job's attempt fails with it). */
class RetriedDelivery extends Error {}

/**
 * Delivers change events to webhook endpoints through the job queue (the e-mail outbox's design,
 * docs/architecture.md#job-queue): each delivery has a job (`webhook`) that the queue hands to one
 * worker at a time (SKIP LOCKED), WEBHOOK_CONCURRENCY workers per instance; the attempt posts the signed envelope and records the outcome
 * right after. A failed post (no 2xx answer: an error status, a redirect, a timeout, no
 * connection) fails the job's attempt, which the queue retries with exponential backoff for about
 * WEBHOOK_RETRY_SPAN_SECONDS (3 days); after the last retry the delivery is failed and kept, to be
 * replayed. A refused address fails it at once. Delivery is at least once: an instance that dies
 * after a post but before recording it leaves that delivery (at most one per worker) to be posted
 * again once its job expires, under the same webhook-id.
 */
@Injectable()
export class WebhookDelivery implements OnModuleDestroy {
  /** Attempts of the process, by outcome: posted with a 2xx answer, failed and retried later, given up as failed (exposed as metrics). */
  static readonly outcomes = { succeeded: 0, retried: 0, failed: 0 };

  private readonly logger = new Logger(WebhookDelivery.name);
  private readonly settings: WebhookDeliveryConfig;
  private readonly sender: WebhookSender;

  constructor(
    private readonly deliveries: ChangeEventRepository,
    private readonly cipher: SecretCipher,
    queue: JobQueue,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'webhooks'>,
  ) {
    this.settings = config.webhooks;
    this.sender = new WebhookSender(this.settings.timeoutMs, this.settings.allowPrivateAddresses);
    queue.register<WebhookJob>({
      name: WEBHOOK_JOB,
      workerEnabled: this.settings.workerEnabled,
      pollingIntervalSeconds: Math.max(0.5, this.settings.pollIntervalMs / 1000),
      concurrency: this.settings.concurrency,
      retry: {
        limit: retryLimitWithin(this.settings.retrySpanSeconds, this.settings.retryBaseSeconds),
        delaySeconds: this.settings.retryBaseSeconds,
        maxDelaySeconds: MAX_RETRY_DELAY_SECONDS,
      },
      // The post times out first, so that its outcome is recorded before the job expires.
      expireInSeconds: Math.ceil(this.settings.timeoutMs / 1000) + 10,
      run: async (job) => {
        if ((await this.attempt(job)) === 'retried') throw new RetriedDelivery(`webhook delivery ${job.data.deliveryId} failed; retried`);
      },
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.sender.close();
  }

  /** One attempt of the job at its delivery. */
  async attempt(job: QueuedJob<WebhookJob>): Promise<'succeeded' | 'retried' | 'failed' | 'nothing'> {
    const delivery = await this.deliveries.startAttempt(job.data.deliveryId, job.id);
    if (!delivery) return 'nothing';
    if (!delivery.endpoint.enabled) return this.fail(delivery, job, null, null, 'endpoint disabled', 'withdrawn');
    if (delivery.endpoint.credentialRevoked) return this.fail(delivery, job, null, null, 'service credential revoked', 'withdrawn');
    let secret: string;
    try {
      secret = this.cipher.open(delivery.endpoint.secret);
    } catch (error) {
      return this.fail(delivery, job, null, null, describeError(error));
    }
    const body = JSON.stringify(toEventEnvelope(delivery.event));
    const started = performance.now();
    try {
      const answer = await this.sender.post(delivery.endpoint.url, webhookHeaders(secret, delivery.event.id, body, new Date()), body);
      const latencyMs = Math.round(performance.now() - started);
      if (answer.statusCode >= 200 && answer.statusCode < 300) {
        await this.deliveries.record(delivery.id, job.id, {
          status: 'succeeded',
          lastStatusCode: answer.statusCode,
          lastError: null,
          latencyMs,
          nextAttemptAt: null,
        });
        return 'succeeded';
      }
      const error =
        answer.statusCode >= 300 && answer.statusCode < 400
          ? 'redirect not followed'
          : `HTTP ${answer.statusCode}${answer.bodyStart ? `: ${answer.bodyStart}` : ''}`;
      return this.failAttempt(delivery, job, answer.statusCode, latencyMs, error);
    } catch (error) {
      const latencyMs = Math.round(performance.now() - started);
      if (error instanceof DeliveryRefused) return this.fail(delivery, job, null, latencyMs, error.message);
      return this.failAttempt(delivery, job, null, latencyMs, describeError(error));
    }
  }

  /** After a failed attempt: retried by the queue while retries remain, else failed. */
  private async failAttempt(
    delivery: ClaimedDelivery,
    job: QueuedJob<WebhookJob>,
    statusCode: number | null,
    latencyMs: number | null,
    error: string,
  ): Promise<'retried' | 'failed'> {
    if (job.retryCount >= job.retryLimit) return this.fail(delivery, job, statusCode, latencyMs, error);
    const delay = retryDelaySeconds(job.retryCount, this.settings.retryBaseSeconds, 1.5);
    await this.deliveries.record(delivery.id, job.id, {
      lastStatusCode: statusCode,
      lastError: error,
      latencyMs,
      nextAttemptAt: () => `now() + make_interval(secs => ${delay})`,
    });
    WebhookDelivery.outcomes.retried += 1;
    this.logger.warn({ deliveryId: delivery.id, eventId: delivery.event.id, attempts: delivery.attempts, error }, 'Webhook delivery failed; will retry');
    return 'retried';
  }

  /**
   * Gives the delivery up as failed (kept, to be replayed). `withdrawn`: an administrator disabled
   * its endpoint or revoked its credential, a decision rather than a fault, logged at info: every
   * pending delivery of the endpoint ends so, which would otherwise fill the error log.
   */
  private async fail(
    delivery: ClaimedDelivery,
    job: QueuedJob<WebhookJob>,
    statusCode: number | null,
    latencyMs: number | null,
    error: string,
    cause: 'fault' | 'withdrawn' = 'fault',
  ): Promise<'failed'> {
    await this.deliveries.record(delivery.id, job.id, { status: 'failed', lastStatusCode: statusCode, lastError: error, latencyMs, nextAttemptAt: null });
    WebhookDelivery.outcomes.failed += 1;
    const line = { deliveryId: delivery.id, eventId: delivery.event.id, attempts: delivery.attempts, error };
    if (cause === 'withdrawn') this.logger.log(line, 'Webhook delivery ended: its endpoint no longer receives events');
    else this.logger.error(line, 'Webhook delivery given up as failed');
    return 'failed';
  }
}
