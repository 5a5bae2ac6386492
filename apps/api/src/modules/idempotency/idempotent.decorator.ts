import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '../../common/openapi/decorators';
import { ApiErrors } from '../../common/openapi/error-answers';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyInterceptor } from './idempotency.interceptor';

/** Makes a call retryable with an Idempotency-Key header (see {@link IdempotencyInterceptor}), documented in the OpenAPI document with its errors. */
export function Idempotent(): MethodDecorator {
  return applyDecorators(
    UseInterceptors(IdempotencyInterceptor),
    ApiErrors('IDEMPOTENCY_KEY_REUSED', 'CONFLICT'),
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      description:
        'Optional client-chosen key (1–255 visible ASCII characters) that makes a retry safe: a call repeated with the same key by the same account on the same path within 24 hours gets the first response (with the header Idempotent-Replayed: true) and has no further effect. The same key with another body answers 422 IDEMPOTENCY_KEY_REUSED; a call while the first is still running answers 409 CONFLICT.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    }),
  );
}
