import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { retryReadOnce } from '../../database/connection-loss';

export const READ_CALL_KEY = 'console:read-call';

/** Pause before the second attempt of a read, so that the pool can replace the dropped connection. */
const READ_RETRY_DELAY_MS = 100;

type Handler = (this: unknown, ...args: unknown[]) => unknown;

/**
 * Marks a call that only reads (every call of the API is a POST, docs/product-rules.md#api-calls,
 * but for the browser navigations and files that are GETs): running it twice changes nothing, so it
 * is not a write (AuthGuard counts writes against the caller's rate limit), and when it fails
 * because its database connection was lost (the connection died while it sat in the pool, or the
 * database restarted) it runs once more on a new connection before the client sees 503.
 *
 * The handler itself is wrapped, with the metadata that the decorators applied before this one
 * put on it (Nest's and ours read a handler's metadata from the function): a call goes through
 * no interceptor for this, and so not through the Observables of Nest's interceptor chain, which
 * every call paid for when a global interceptor did the retry. Its arguments are the same on the
 * second run (the pipes ran once); a handler that reads the request's body itself reads it once
 * per request (member-csv.controller.ts).
 */
export const ReadCall = (): MethodDecorator => (_target, _key, descriptor) => {
  const handler = descriptor.value as unknown;
  if (typeof handler !== 'function') throw new TypeError('@ReadCall() marks a method');
  const once = handler as Handler;
  const retried = function (this: unknown, ...args: unknown[]): Promise<unknown> {
    return retryReadOnce(async () => await once.apply(this, args), READ_RETRY_DELAY_MS);
  };
  for (const key of Reflect.getOwnMetadataKeys(once) as unknown[]) Reflect.defineMetadata(key, Reflect.getOwnMetadata(key, once) as unknown, retried);
  Reflect.defineMetadata(READ_CALL_KEY, true, retried);
  Object.defineProperty(retried, 'name', { value: once.name });
  (descriptor as { value: unknown }).value = retried;
  return descriptor;
};

/** Whether the handled request only reads: a GET or HEAD, or a call marked with @ReadCall(). */
export function isReadCall(reflector: Reflector, context: ExecutionContext): boolean {
  const method = context.switchToHttp().getRequest<FastifyRequest>().method;
  return method === 'GET' || method === 'HEAD' || reflector.get<boolean | undefined>(READ_CALL_KEY, context.getHandler()) === true;
}
