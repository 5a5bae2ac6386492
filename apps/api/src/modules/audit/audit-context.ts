import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** Who acted: the account, and whether it held system-admin rights for the call. */
export interface AuditActor {
  accountId: string;
  isSystemAdmin: boolean;
}

/** What an audit event records about the request that made the change. */
export interface AuditContext {
  /** The signed-in account; null on calls made before an account exists (see the services). */
  actor: AuditActor | null;
  /** The request id (X-Request-Id, else generated), as the logs carry it. */
  requestId: string | null;
  /** The client's address: request.ip, which believes X-Forwarded-For only from TRUSTED_PROXIES (none by default), as the per-IP rate limits do. */
  ip: string | null;
  userAgent: string | null;
}

/** Longest request id and user agent kept (the columns' sizes); longer ones are cut. */
const MAX_REQUEST_ID_LENGTH = 200;
const MAX_USER_AGENT_LENGTH = 1000;

function text(value: unknown, max: number): string | null {
  return typeof value === 'string' && value !== '' ? value.slice(0, max) : null;
}

function auditContextOf(request: FastifyRequest): AuditContext {
  const operator = request.operator;
  return {
    actor: operator ? { accountId: operator.id, isSystemAdmin: operator.isSystemAdmin } : null,
    requestId: text(request.id, MAX_REQUEST_ID_LENGTH),
    ip: text(request.ip, 64),
    userAgent: text(request.headers['user-agent'], MAX_USER_AGENT_LENGTH),
  };
}

/** The audit context of the handled request; handlers of writes hand it to their service. */
export const AuditContext = createParamDecorator((_: unknown, ctx: ExecutionContext): AuditContext =>
  auditContextOf(ctx.switchToHttp().getRequest<FastifyRequest>()),
);
