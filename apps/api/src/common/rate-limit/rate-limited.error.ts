import { DomainError } from '@console/domain';

/** 429 RATE_LIMITED; the error filter sends `retryAfterSeconds` as the Retry-After header. */
export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super('RATE_LIMITED');
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
