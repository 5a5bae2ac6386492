import { ERROR_HTTP_STATUS, type ErrorCode } from '@console/domain';
import type { AccessLevel } from '../auth/access.decorator';

const API_ERRORS_KEY = 'console:api-errors';

/** The errors a call declared with {@link ApiErrors}. */
export function declaredErrorsOf(handler: object): readonly ErrorCode[] {
  return (Reflect.getMetadata(API_ERRORS_KEY, handler) as ErrorCode[] | undefined) ?? [];
}

/**
 * Errors of a call's own rules (not found, conflicts, …) or of a decorator's behaviour, for its
 * OpenAPI error answers (several add up); those of its access level, validation, writes and
 * transport are derived (see {@link errorCodesOf}, docs/integration.md#openapi).
 */
export const ApiErrors =
  (...codes: ErrorCode[]): MethodDecorator =>
  (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    Reflect.defineMetadata(API_ERRORS_KEY, [...declaredErrorsOf(handler), ...codes], handler);
    return descriptor;
  };

/** What the OpenAPI document knows of a call's handler. */
export interface CallFacts {
  access: AccessLevel;
  /** Marked @ReadCall(): it changes nothing. */
  readCall: boolean;
  /** Its generic write failure (@WriteFailure), answered instead of INTERNAL. */
  writeFailure: ErrorCode | undefined;
  /** Its request body has ids (@IsDomainId). */
  checksIds: boolean;
  declared: readonly ErrorCode[];
}

/** The auth guard's answers per access level (common/auth/auth.guard.ts). */
const ACCESS_ERRORS: Readonly<Record<AccessLevel, readonly ErrorCode[]>> = {
  public: [],
  // FORBIDDEN: the credential lacks the call's scope.
  service: ['UNAUTHENTICATED', 'FORBIDDEN'],
  // FORBIDDEN: the session cookie sent from an untrusted origin; SESSION_REVOKED: its sign-in was signed out.
  firebaseUser: ['UNAUTHENTICATED', 'SESSION_REVOKED', 'FORBIDDEN'],
  // MFA_REQUIRED: a call in (a project of) an organization that requires a second factor, from a sign-in without one.
  account: ['UNAUTHENTICATED', 'SESSION_REVOKED', 'FORBIDDEN', 'ACCOUNT_NOT_FOUND', 'MFA_REQUIRED'],
  systemAdmin: ['UNAUTHENTICATED', 'SESSION_REVOKED', 'FORBIDDEN', 'ACCOUNT_NOT_FOUND'],
};

/** Every error a call can answer, by HTTP status (from the one code → status table), codes in catalogue order. */
export function errorCodesOf(call: CallFacts): Map<number, ErrorCode[]> {
  const codes = new Set<ErrorCode>([
    // Any call: a malformed or oversized body, the rate limits, a database or identity provider out of reach.
    'VALIDATION_FAILED',
    'PAYLOAD_TOO_LARGE',
    'RATE_LIMITED',
    'SERVICE_UNAVAILABLE',
    call.writeFailure ?? 'INTERNAL',
    ...ACCESS_ERRORS[call.access],
    ...(call.checksIds ? (['INVALID_ID'] as const) : []),
    // A concurrent change that won (a unique row, a deleted reference).
    ...(call.readCall ? [] : (['CONFLICT'] as const)),
    ...call.declared,
  ]);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of Object.keys(ERROR_HTTP_STATUS) as ErrorCode[]) {
    if (!codes.has(code)) continue;
    const status = ERROR_HTTP_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}
