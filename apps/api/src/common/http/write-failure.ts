import { RouteConfig } from '@nestjs/platform-fastify';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import type { ErrorCode } from '@console/domain';
import type { FastifyRequest } from 'fastify';

/** The route option naming a write's generic failure. */
interface WriteFailureConfig {
  writeFailure?: ErrorCode;
}

/**
 * Names the generic failure of a write (docs/product-rules.md#errors: "Failed to update account", …): an unexpected
 * error in the call answers 500 with this code and its message instead of the anonymous INTERNAL,
 * so the web can show the right toast. Domain errors, conflicts and a lost database keep theirs.
 */
export const WriteFailure = (errorCode: ErrorCode): MethodDecorator => RouteConfig({ writeFailure: errorCode } satisfies WriteFailureConfig);

/** The generic failure the handled call declared, if any. */
export function writeFailureOf(request: FastifyRequest): ErrorCode | undefined {
  return (request.routeOptions.config as WriteFailureConfig | undefined)?.writeFailure;
}

/** The generic failure a handler declared, if any (for its OpenAPI error answers). */
export function declaredWriteFailure(handler: object): ErrorCode | undefined {
  return (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as WriteFailureConfig | undefined)?.writeFailure;
}
