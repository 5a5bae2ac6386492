import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { TokenCache } from '../../common/auth/token-cache';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DatabasePool, type PoolStatistics } from '../../database/pool-statistics';
import { EmailOutboxRepository, type OutboxBacklog } from '../mail/email-outbox.repository';
import { MailDelivery } from '../mail/mail-delivery.task';
import { WebhookDelivery } from '../webhook/webhook-delivery.task';

/** Compares a presented secret with the expected one in constant time, whatever their lengths. */
function sameSecret(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * The Prometheus endpoint (METRICS_PORT): GET /metrics on a server of its own, apart from the API,
 * so that it is neither reachable through the web server (which proxies the API's port only) nor
 * subject to the API's authentication, rate limits and request metrics; with METRICS_TOKEN it also
 * asks for `Authorization: Bearer <token>`. It serves:
 * - http_request_duration_seconds{method,route,status_code}: every call the API answered, by route
 *   pattern (never the URL as called; "unmatched" for calls no route matched);
 * - console_email_outbox_pending, console_email_outbox_oldest_pending_age_seconds: e-mails waiting
 *   for delivery, read from the outbox at each scrape (NaN while the database cannot answer);
 * - console_email_delivery_failures_total{outcome}: failed sends, then retried or given up;
 * - console_webhook_delivery_attempts_total{outcome}: webhook attempts, succeeded, failed and
 *   retried, or given up as failed;
 * - console_auth_token_cache_hits_total, console_auth_token_cache_misses_total: verified ID tokens
 *   and session cookies found in the cache or not;
 * - console_db_pool_connections_in_use, _idle, console_db_pool_waiting_requests,
 *   console_db_pool_connections_max: the database connection pool;
 * - prom-client's default metrics of the process (CPU, memory, event loop lag, GC, handles).
 * Off when METRICS_PORT is unset: prom-client is then not even loaded, and no call is timed.
 */
@Injectable()
export class Metrics implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(Metrics.name);
  private registry: Registry | undefined;
  private server: Server | undefined;
  /** The backlog query of the scrape under way, shared by the two gauges that report it. */
  private backlog: Promise<OutboxBacklog | undefined> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly pool: DatabasePool,
    private readonly outbox: EmailOutboxRepository,
  ) {}

  /** Where the endpoint listens, once it does. */
  get url(): string | undefined {
    const address = this.server?.address() as AddressInfo | null | undefined;
    return address ? `http://${this.config.host}:${address.port}/metrics` : undefined;
  }

  /** Sets the metrics up and times every call `fastify` answers (before it listens); nothing when the endpoint is off. */
  async install(fastify: FastifyInstance): Promise<void> {
    if (this.config.observability.metricsPort === undefined) return;
    const client = await import('prom-client');
    const registry = new client.Registry();
    const registers = [registry];
    client.collectDefaultMetrics({ register: registry });

    const duration = new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a call to answering it, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers,
    });
    fastify.addHook('onResponse', (request, reply, done) => {
      duration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode }, reply.elapsedTime / 1000);
      done();
    });

    // Read before the backlog query below asks the pool for a connection, which would count as waiting.
    const pool = this.pool;
    const poolGauge = (name: string, help: string, value: (statistics: PoolStatistics) => number) =>
      new client.Gauge({
        name,
        help,
        registers,
        collect() {
          const statistics = pool.statistics();
          this.set(statistics ? value(statistics) : Number.NaN);
        },
      });
    poolGauge('console_db_pool_connections_in_use', 'Database connections handed out to queries and transactions', (s) => s.inUse);
    poolGauge('console_db_pool_connections_idle', 'Open database connections idle in the pool', (s) => s.idle);
    poolGauge('console_db_pool_waiting_requests', 'Queries and transactions waiting for a database connection', (s) => s.waiting);
    poolGauge('console_db_pool_connections_max', 'Database connections the pool may open (DATABASE_POOL_MAX)', (s) => s.max);

    const backlog = (): Promise<OutboxBacklog | undefined> =>
      (this.backlog ??= this.outbox
        .backlog()
        .catch(() => undefined)
        .finally(() => {
          this.backlog = undefined;
        }));
    new client.Gauge({
      name: 'console_email_outbox_pending',
      help: 'E-mails waiting for delivery (pending or being sent)',
      registers,
      async collect() {
        this.set((await backlog())?.pending ?? Number.NaN);
      },
    });
    new client.Gauge({
      name: 'console_email_outbox_oldest_pending_age_seconds',
      help: 'Seconds since the oldest e-mail waiting for delivery was queued (0 when none waits)',
      registers,
      async collect() {
        this.set((await backlog())?.oldestAgeSeconds ?? Number.NaN);
      },
    });
    new client.Counter({
      name: 'console_email_delivery_failures_total',
      help: 'Failed e-mail sends, by what followed: retried later or given up',
      labelNames: ['outcome'] as const,
      registers,
      collect() {
        this.reset();
        this.inc({ outcome: 'retried' }, MailDelivery.failures.retried);
        this.inc({ outcome: 'given_up' }, MailDelivery.failures.givenUp);
      },
    });
    new client.Counter({
      name: 'console_webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts of this instance, by outcome: succeeded, retried (failed, tried again later) or failed (given up)',
      labelNames: ['outcome'] as const,
      registers,
      collect() {
        this.reset();
        for (const [outcome, count] of Object.entries(WebhookDelivery.outcomes)) this.inc({ outcome }, count);
      },
    });
    new client.Counter({
      name: 'console_auth_token_cache_hits_total',
      help: 'ID tokens and session cookies found verified in the cache',
      registers,
      collect() {
        this.reset();
        this.inc(TokenCache.lookups.hits);
      },
    });
    new client.Counter({
      name: 'console_auth_token_cache_misses_total',
      help: 'ID tokens and session cookies not in the cache (verified, then cached)',
      registers,
      collect() {
        this.reset();
        this.inc(TokenCache.lookups.misses);
      },
    });
    this.registry = registry;
  }

  async onApplicationBootstrap(): Promise<void> {
    const registry = this.registry;
    const { metricsPort } = this.config.observability;
    if (!registry || metricsPort === undefined) return;
    const server = createServer((request, response) => void this.serve(registry, request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(metricsPort, this.config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.logger.log(`Prometheus metrics on ${this.url}`);
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async serve(registry: Registry, request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    const token = this.config.observability.metricsToken;
    if (token !== undefined && !sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    try {
      const body = await registry.metrics();
      response.writeHead(200, { 'content-type': registry.contentType }).end(body);
    } catch (error) {
      this.logger.error({ err: error }, 'Collecting the metrics failed');
      response.writeHead(500).end();
    }
  }
}
