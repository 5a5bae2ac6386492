import { Injectable } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { Lifecycle } from './lifecycle';
import { ReadinessRepository } from './readiness.repository';

const ALIVE = { status: 'ok' } as const;

/**
 * The load balancers' health checks, public and called most of all: plain Fastify routes, outside
 * the application's call pipeline (authentication, interceptors, validation), which they do not
 * need. The server's hooks still apply: security headers, the shutdown phases, the request
 * metrics (by route); the rate limits and tracing leave them out.
 * - GET /healthz (liveness): the process answers;
 * - GET /readyz (readiness): 200 when the database answers and the process is not draining for
 *   shutdown, else 503 with the reason.
 */
@Injectable()
export class HealthChecks {
  constructor(
    private readonly readiness: ReadinessRepository,
    private readonly lifecycle: Lifecycle,
  ) {}

  /** Adds the two routes to `fastify` (before it listens). */
  install(fastify: FastifyInstance): void {
    fastify.get('/healthz', (_request, reply) => {
      void reply.send(ALIVE);
    });
    fastify.get('/readyz', async (_request, reply): Promise<{ status: 'ok' | 'unavailable' | 'draining' }> => {
      const status = this.lifecycle.draining ? 'draining' : (await this.readiness.databaseAnswers()) ? 'ok' : 'unavailable';
      if (status !== 'ok') void reply.status(503);
      return { status };
    });
  }
}
