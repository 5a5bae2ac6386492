import { readMonitoringEnv, type MonitoringEnv } from './monitoring-env';
import { readEnv, type WebEnv } from './read-env';

export type { WebEnv } from './read-env';
export type { MonitoringEnv } from './monitoring-env';

/** /auth/runtime-config.js (a classic script before the app's module) has set the runtime config. */
export const env: WebEnv = readEnv(import.meta.env, window.__CONSOLE_CONFIG__);

/** The monitoring, error-reporting and analytics services the page reports to (none unless configured). */
export const monitoringEnv: MonitoringEnv = readMonitoringEnv(import.meta.env, window.__CONSOLE_CONFIG__);
