import { SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';

export const READ_CALL_KEY = 'console:read-call';

/**
 * Marks a POST call that only reads (every call of the API is a POST, docs/product-rules.md#api-calls): running it twice
 * changes nothing, so it may be retried after a lost database connection and is not a write.
 */
export const ReadCall = (): MethodDecorator => SetMetadata(READ_CALL_KEY, true);

/** Whether the handled request only reads: a GET or HEAD, or a call marked with @ReadCall(). */
export function isReadCall(reflector: Reflector, context: ExecutionContext): boolean {
  const method = context.switchToHttp().getRequest<FastifyRequest>().method;
  return method === 'GET' || method === 'HEAD' || reflector.get<boolean | undefined>(READ_CALL_KEY, context.getHandler()) === true;
}
