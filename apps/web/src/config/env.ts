import { readEnv, type WebEnv } from './read-env';

export type { WebEnv } from './read-env';

/** /auth/runtime-config.js (a classic script before the app's module) has set the runtime config. */
export const env: WebEnv = readEnv(import.meta.env, window.__CONSOLE_CONFIG__);
