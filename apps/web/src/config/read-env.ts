import { isEnvironmentName, type EnvironmentName } from '@console/config';
import { API_BASE_PATH } from '@console/domain';
import { pick } from './monitoring-env';
import type { RawEnv, RuntimeConfig } from './runtime-config';

export type { RawEnv, RuntimeConfig } from './runtime-config';

/**
 * Configuration of the web app. Each value comes from the deployment's runtime config
 * (`window.__CONSOLE_CONFIG__`), else from the build's `VITE_*` variable, else from the default.
 */
export interface WebEnv {
  appEnv: EnvironmentName;
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    storageBucket: string | undefined;
    messagingSenderId: string | undefined;
    appId: string | undefined;
  };
  /** Origin of the local Auth Emulator, e.g. http://127.0.0.1:9099 (development and tests). */
  authEmulatorUrl: string | undefined;
  /** Base URL of the console API; API_BASE_PATH (same origin) by default. */
  apiBaseUrl: string;
  /** How long a call of the API may wait for its answer before it fails as timed out; 10 s by default. */
  apiTimeoutMs: number;
}

const DEFAULT_API_TIMEOUT_MS = 10_000;

/** A whole number of milliseconds above zero, else undefined. */
function positiveMilliseconds(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  const ms = Number(value);
  return ms > 0 ? ms : undefined;
}

/**
 * Merges the runtime config over the `VITE_*` variables over the defaults. An unknown environment
 * name becomes prod, as does a missing one: the spec's build runs as prod.
 */
export function readEnv(raw: RawEnv, runtime?: RuntimeConfig): WebEnv {
  const appEnvRaw = pick(runtime?.appEnv, raw.VITE_APP_ENV);
  const appEnv: EnvironmentName = isEnvironmentName(appEnvRaw) ? appEnvRaw : 'prod';
  const firebase = runtime?.firebase;
  const projectId = pick(firebase?.projectId, raw.VITE_FIREBASE_PROJECT_ID) ?? 'demo-console';
  return {
    appEnv,
    firebase: {
      apiKey: pick(firebase?.apiKey, raw.VITE_FIREBASE_API_KEY) ?? 'demo-api-key',
      authDomain: pick(firebase?.authDomain, raw.VITE_FIREBASE_AUTH_DOMAIN) ?? `${projectId}.firebaseapp.com`,
      projectId,
      storageBucket: pick(firebase?.storageBucket, raw.VITE_FIREBASE_STORAGE_BUCKET),
      messagingSenderId: pick(firebase?.messagingSenderId, raw.VITE_FIREBASE_MESSAGING_SENDER_ID),
      appId: pick(firebase?.appId, raw.VITE_FIREBASE_APP_ID),
    },
    authEmulatorUrl: pick(runtime?.authEmulatorUrl, raw.VITE_AUTH_EMULATOR_URL),
    apiBaseUrl: (pick(runtime?.apiBaseUrl, raw.VITE_API_BASE_URL) ?? API_BASE_PATH).replace(/\/+$/, ''),
    apiTimeoutMs: positiveMilliseconds(pick(runtime?.apiTimeoutMs, raw.VITE_API_TIMEOUT_MS)) ?? DEFAULT_API_TIMEOUT_MS,
  };
}

/**
 * The emulator is used only outside prod (docs/product-rules.md#entities: development authentication uses it), whether its
 * URL came from the runtime config or the build. Only the Vite dev server (never a deployment) uses
 * it whatever the environment name.
 */
export function shouldUseAuthEmulator(env: WebEnv, isDevServer: boolean): boolean {
  return env.authEmulatorUrl !== undefined && (isDevServer || env.appEnv !== 'prod');
}
