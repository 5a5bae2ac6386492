import type { ValidationError } from '@nestjs/common';
import { DomainError } from '@console/domain';

function describe(errors: readonly ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => message.replace(error.property, path));
    return [...own, ...describe(error.children ?? [], path)];
  });
}

/** Request validation failures become the product's VALIDATION_FAILED error with a readable message. */
export function validationExceptionFactory(errors: ValidationError[]): DomainError {
  return new DomainError('VALIDATION_FAILED', describe(errors).join('; ') || 'Invalid request');
}
