import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import {
  DomainError,
  ERROR_HTTP_STATUS,
  ERROR_MESSAGES,
  PRODUCT_ERROR_NAME,
  localeFromAcceptLanguage,
  localizeErrorMessage,
  type ErrorBody,
  type ErrorCode,
} from '@console/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isConnectionLost } from '../../database/connection-loss';
import { isConflictViolation } from '../../database/query-errors';
import { reportFailedCall } from '../observability/error-reporting';
import { writeFailureOf } from '../http/write-failure';
import { RateLimitedError } from '../rate-limit/rate-limited.error';

/** Seconds after which a client may retry a 503 (a dependency was unavailable). */
const RETRY_AFTER_SECONDS = 5;

function body(errorCode: ErrorCode, message: string = ERROR_MESSAGES[errorCode]): ErrorBody {
  return { name: PRODUCT_ERROR_NAME, errorCode, message };
}

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

function messageOf(exception: HttpException): string | undefined {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : undefined;
}

/**
 * Turns every error into the product's error body; a lost database connection becomes a 503, unknown
 * errors a 500 without details: the call's generic write failure (`failure`, docs/product-rules.md#errors) or INTERNAL.
 */
export function toErrorResponse(exception: unknown, requestId: string, logger: Logger, failure: ErrorCode = 'INTERNAL'): { status: number; body: ErrorBody } {
  if (exception instanceof DomainError) {
    return { status: ERROR_HTTP_STATUS[exception.errorCode], body: body(exception.errorCode, exception.message) };
  }
  if (isConflictViolation(exception)) {
    logger.warn({ err: exception, requestId }, 'Database conflict answered 409');
    return { status: ERROR_HTTP_STATUS.CONFLICT, body: body('CONFLICT') };
  }
  const rawStatus = exception instanceof HttpException ? exception.getStatus() : (exception as { statusCode?: unknown }).statusCode;
  if (rawStatus === 415) {
    // A body of a type no parser accepts: bad input, not an image problem (UNSUPPORTED_IMAGE is the uploads' own error).
    return {
      status: ERROR_HTTP_STATUS.VALIDATION_FAILED,
      body: body('VALIDATION_FAILED', 'Unsupported Content-Type: send application/json, or multipart/form-data for uploads'),
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const code = STATUS_CODES[status];
    if (code) return { status, body: body(code, status === 400 ? (messageOf(exception) ?? ERROR_MESSAGES[code]) : ERROR_MESSAGES[code]) };
  }
  const fastifyError = exception as { statusCode?: unknown; code?: unknown; message?: unknown };
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    const code = STATUS_CODES[fastifyError.statusCode] ?? 'VALIDATION_FAILED';
    const message = code === 'VALIDATION_FAILED' && typeof fastifyError.message === 'string' ? fastifyError.message : ERROR_MESSAGES[code];
    return { status: fastifyError.statusCode, body: body(code, message) };
  }
  if (isConnectionLost(exception)) {
    logger.warn({ err: exception, requestId }, 'Database unavailable');
    return { status: ERROR_HTTP_STATUS.SERVICE_UNAVAILABLE, body: body('SERVICE_UNAVAILABLE') };
  }
  logger.error({ err: exception, requestId }, 'Unhandled error');
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: body(failure) };
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const request = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();
    const { status, body: payload } = toErrorResponse(exception, String(request.id), this.logger, writeFailureOf(request));
    // Unexpected errors only: a 503 is a dependency that is down (see /readyz and the metrics), not a fault to fix.
    if (status === ERROR_HTTP_STATUS.INTERNAL) {
      reportFailedCall(exception, { requestId: String(request.id), accountId: request.operator?.id, method: request.method, route: request.routeOptions.url });
    }
    void reply.status(status).header('x-request-id', String(request.id));
    if (status === ERROR_HTTP_STATUS.SERVICE_UNAVAILABLE) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    if (exception instanceof RateLimitedError) void reply.header('retry-after', String(exception.retryAfterSeconds));
    // The one place where messages take the request's language (Japanese unless it asks for English).
    void reply.send({
      ...payload,
      message: localizeErrorMessage(payload.errorCode, payload.message, localeFromAcceptLanguage(request.headers['accept-language'])),
    });
  }
}
