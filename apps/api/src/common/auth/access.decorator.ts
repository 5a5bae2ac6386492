import { applyDecorators, SetMetadata } from '@nestjs/common';
import type { ServiceScope } from '@console/domain';

/**
 * What a handler needs from its caller. Every handler declares one (deny by default):
 * - public: anyone;
 * - firebaseUser: a verified Firebase user, with or without an account record;
 * - account: a signed-in user with an account (finer rules in the service through the domain permission function);
 * - systemAdmin: an account with the system-admin flag;
 * - service: a sibling product presenting a service credential holding the handler's scope (or,
 *   in development, tests and the bootstrap, its environment key: `session:introspect` only).
 */
export type AccessLevel = 'public' | 'firebaseUser' | 'account' | 'systemAdmin' | 'service';

export const ACCESS_KEY = 'console:access';
/** The scope a `service` handler needs. */
export const SERVICE_SCOPE_KEY = 'console:service-scope';

export function Access(level: Exclude<AccessLevel, 'service'>): MethodDecorator & ClassDecorator;
export function Access(level: 'service', scope: ServiceScope): MethodDecorator & ClassDecorator;
export function Access(level: AccessLevel, scope?: ServiceScope): MethodDecorator & ClassDecorator {
  return scope === undefined ? SetMetadata(ACCESS_KEY, level) : applyDecorators(SetMetadata(ACCESS_KEY, level), SetMetadata(SERVICE_SCOPE_KEY, scope));
}
