import { invalidIdMessage, isValidEmail, isValidId, type IdKind } from '@console/domain';
import { registerDecorator, type ValidationOptions } from '../validation/class-validator';

/** Constraint name of {@link IsDomainId}; a request failing only these becomes INVALID_ID. */
export const IS_DOMAIN_ID = 'isDomainId';

/** An id of the given kind (docs/product-rules.md#validation): purely alphanumeric, exact length; message 'Invalid id: <value>'. */
export function IsDomainId(kind: IdKind, options: ValidationOptions = {}): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: IS_DOMAIN_ID,
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: (args) => invalidIdMessage(args.value), ...options },
      validator: { validate: (value: unknown) => isValidId(kind, value) },
    });
  };
}

/** An email address by the product's rule (docs/product-rules.md#validation). */
export function IsConsoleEmail(options: ValidationOptions = {}): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isConsoleEmail',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: '$property must be an email address', ...options },
      validator: { validate: (value: unknown) => isValidEmail(value) && (value as string).length <= 320 },
    });
  };
}

/** An absolute http(s) URL of at most 2048 characters (profile images, webhook endpoints). */
export function IsHttpUrl(options: ValidationOptions = {}): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isHttpUrl',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: '$property must be an http(s) URL', ...options },
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string' || value.length > 2048) return false;
          try {
            const url = new URL(value);
            return url.protocol === 'https:' || url.protocol === 'http:';
          } catch {
            return false;
          }
        },
      },
    });
  };
}
