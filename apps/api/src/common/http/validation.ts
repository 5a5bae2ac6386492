import type { ValidationError } from '@nestjs/common';
import { DomainError } from '@console/domain';
import { IS_DOMAIN_ID } from './validators';

function describe(errors: readonly ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => message.replace(error.property, path));
    return [...own, ...describe(error.children ?? [], path)];
  });
}

function constraintsOf(errors: readonly ValidationError[]): string[] {
  return errors.flatMap((error) => [...Object.keys(error.constraints ?? {}), ...constraintsOf(error.children ?? [])]);
}

/**
 * Request validation failures become the product's VALIDATION_FAILED error with a readable
 * message; a request whose only fault is malformed ids becomes INVALID_ID ('Invalid id: <value>').
 */
export function validationExceptionFactory(errors: ValidationError[]): DomainError {
  const message = describe(errors).join('; ') || 'Invalid request';
  const constraints = constraintsOf(errors);
  if (constraints.length > 0 && constraints.every((c) => c === IS_DOMAIN_ID)) return new DomainError('INVALID_ID', message);
  return new DomainError('VALIDATION_FAILED', message);
}
