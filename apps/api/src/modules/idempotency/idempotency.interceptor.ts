import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { DomainError } from '@console/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { catchError, from, mergeMap, of, type Observable } from 'rxjs';
import { IdempotencyKeyRepository, type IdempotencyClaim } from './idempotency-key.repository';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on a response replayed from an earlier call with the same key. */
const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** JSON with the keys of every object sorted, so that the hash ignores the order of the fields. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Idempotent retries: a call with an Idempotency-Key header runs once per key, account (or
 * Firebase user) and path; a retry gets the first call's response without running it again.
 * The key is claimed with INSERT … ON CONFLICT DO NOTHING before the handler runs, so of two
 * concurrent calls with one key only one runs; the other answers 409 CONFLICT. The same key
 * with another body answers 422 IDEMPOTENCY_KEY_REUSED. A failed call releases its key.
 * Responses are kept 24 hours (table idempotency_keys).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly keys: IdempotencyKeyRepository) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const key = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    const scope = request.operator ? `account:${request.operator.id}` : request.firebaseUser ? `firebase:${request.firebaseUser.uid}` : null;
    if (key === undefined || scope === null) return next.handle();
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new DomainError('VALIDATION_FAILED', `${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 visible ASCII characters`);
    }
    const claim: IdempotencyClaim = {
      scope,
      path: request.url.split('?')[0] ?? request.url,
      key,
      requestHash: createHash('sha256')
        .update(canonicalJson(request.body ?? null))
        .digest('hex'),
    };
    const earlier = await this.claim(claim);
    if (earlier) {
      void http.getResponse<FastifyReply>().header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return of(earlier.responseBody);
    }
    return next.handle().pipe(
      mergeMap((body: unknown) => from(this.keys.complete(claim, body).then(() => body))),
      catchError((error: unknown) => from(this.keys.release(claim).then(() => Promise.reject(error as Error)))),
    );
  }

  /** Claims the key for this call (undefined), or gives the completed earlier call to replay. */
  private async claim(claim: IdempotencyClaim): Promise<{ responseBody: unknown } | undefined> {
    if (await this.keys.insertClaim(claim)) return undefined;
    const stored = await this.keys.find(claim);
    // Released by its failed call meanwhile: the retry may run.
    if (!stored) return this.claim(claim);
    if (stored.requestHash !== claim.requestHash) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
    if (!stored.completed) throw new DomainError('CONFLICT', `A call with this ${IDEMPOTENCY_KEY_HEADER} is still in progress`);
    return stored;
  }
}
