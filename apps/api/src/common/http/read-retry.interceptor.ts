import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { retry, throwError, timer, type Observable } from 'rxjs';
import { isConnectionLost } from '../../database/connection-loss';
import { isReadCall } from './read-call';

/** Pause before the second attempt, so that the pool can replace the dropped connection. */
const READ_RETRY_DELAY_MS = 100;

/**
 * A read call that failed because its database connection was lost (the connection died while it
 * sat in the pool, or the database restarted) runs once more on a new connection before the
 * client sees 503. Writes are never repeated here: a write may have been committed before the
 * connection dropped (clients retry those with an Idempotency-Key).
 */
@Injectable()
export class ReadRetryInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!isReadCall(this.reflector, context)) return next.handle();
    return next.handle().pipe(
      retry({ count: 1, delay: (error: unknown) => (isConnectionLost(error) ? timer(READ_RETRY_DELAY_MS) : throwError(() => error)) }),
    );
  }
}
