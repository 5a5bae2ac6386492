import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { isReadCall } from '../http/read-call';
import { RateLimiter } from './rate-limiter';

/** Counts every write call (not @ReadCall) against its signed-in caller's limit; an interceptor, so it runs after authentication. */
@Injectable()
export class RateLimitInterceptor implements NestInterceptor {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly reflector: Reflector,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (!isReadCall(this.reflector, context)) await this.limiter.chargeWrite(context.switchToHttp().getRequest<FastifyRequest>());
    return next.handle();
  }
}
