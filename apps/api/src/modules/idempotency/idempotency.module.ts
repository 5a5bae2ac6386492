import { Module } from '@nestjs/common';
import { IdempotencyKeyRepository } from './idempotency-key.repository';

/**
 * Idempotent retries (see IdempotencyInterceptor): imported by the modules whose controllers use
 * @Idempotent(), where the interceptor finds its repository.
 */
@Module({
  providers: [IdempotencyKeyRepository],
  exports: [IdempotencyKeyRepository],
})
export class IdempotencyModule {}
