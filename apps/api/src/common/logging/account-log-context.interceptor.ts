import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import type { Observable } from 'rxjs';

/**
 * Adds the signed-in caller's account id (`accountId`, never the e-mail address) to every further
 * line of the request, its completion line included. Interceptors run after the guard, which has
 * resolved the caller by then.
 */
@Injectable()
export class AccountLogContext implements NestInterceptor {
  constructor(private readonly logger: PinoLogger) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // Only within the logging context of the call, which the logging middleware opens (pino-http
    // gives the request its `log`): a path the middleware does not match keeps its lines as they are.
    if (request.operator && 'log' in request.raw) this.logger.assign({ accountId: request.operator.id });
    return next.handle();
  }
}
