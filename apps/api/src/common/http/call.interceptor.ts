import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { retry, throwError, timer, type Observable } from 'rxjs';
import { isConnectionLost } from '../../database/connection-loss';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { isReadCall } from './read-call';

/** Pause before the second attempt of a read, so that the pool can replace the dropped connection. */
const READ_RETRY_DELAY_MS = 100;

/**
 * What a call goes through after authentication, by what it does (one interceptor for both, as
 * every call is one or the other):
 * - a read (a GET or HEAD, or a call marked @ReadCall()) that failed because its database
 *   connection was lost (the connection died while it sat in the pool, or the database restarted)
 *   runs once more on a new connection before the client sees 503;
 * - a write is counted against its signed-in caller's rate limit (anonymous calls were counted per
 *   IP as they arrived, see RateLimiter), and never repeated here: it may have been committed
 *   before the connection dropped (clients retry those with an Idempotency-Key).
 */
@Injectable()
export class CallInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> | Promise<Observable<unknown>> {
    if (isReadCall(this.reflector, context)) {
      return next
        .handle()
        .pipe(retry({ count: 1, delay: (error: unknown) => (isConnectionLost(error) ? timer(READ_RETRY_DELAY_MS) : throwError(() => error)) }));
    }
    return this.limiter.chargeWrite(context.switchToHttp().getRequest<FastifyRequest>()).then(() => next.handle());
  }
}
