import { SetMetadata } from '@nestjs/common';

/**
 * What a handler needs from its caller. Every handler declares one (deny by default):
 * - public: anyone;
 * - firebaseUser: a verified Firebase user, with or without an account record;
 * - account: a signed-in user with an account (finer rules in the service through the domain permission function);
 * - systemAdmin: an account with the system-admin flag;
 * - subsystem: a sibling product presenting its configured key.
 */
export type AccessLevel = 'public' | 'firebaseUser' | 'account' | 'systemAdmin' | 'subsystem';

export const ACCESS_KEY = 'console:access';

export const Access = (level: AccessLevel) => SetMetadata(ACCESS_KEY, level);
