import { isEnvironmentName, type EnvironmentName } from '@console/config';

/** Build-time configuration of the web app (Vite `VITE_*` variables). */
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
  /** Base URL of the console API; '/api' (same origin) by default. */
  apiBaseUrl: string;
}

export type RawEnv = Partial<Record<
  | 'VITE_FIREBASE_API_KEY'
  | 'VITE_FIREBASE_AUTH_DOMAIN'
  | 'VITE_FIREBASE_PROJECT_ID'
  | 'VITE_FIREBASE_STORAGE_BUCKET'
  | 'VITE_FIREBASE_MESSAGING_SENDER_ID'
  | 'VITE_FIREBASE_APP_ID'
  | 'VITE_AUTH_EMULATOR_URL'
  | 'VITE_API_BASE_URL'
  | 'VITE_APP_ENV',
  string | undefined
>>;

function optional(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** Reads the `VITE_*` variables. The spec's build runs as prod unless VITE_APP_ENV says otherwise. */
export function readEnv(raw: RawEnv): WebEnv {
  const appEnvRaw = optional(raw.VITE_APP_ENV) ?? 'prod';
  const appEnv: EnvironmentName = isEnvironmentName(appEnvRaw) ? appEnvRaw : 'prod';
  const projectId = optional(raw.VITE_FIREBASE_PROJECT_ID) ?? 'demo-console';
  return {
    appEnv,
    firebase: {
      apiKey: optional(raw.VITE_FIREBASE_API_KEY) ?? 'demo-api-key',
      authDomain: optional(raw.VITE_FIREBASE_AUTH_DOMAIN) ?? `${projectId}.firebaseapp.com`,
      projectId,
      storageBucket: optional(raw.VITE_FIREBASE_STORAGE_BUCKET),
      messagingSenderId: optional(raw.VITE_FIREBASE_MESSAGING_SENDER_ID),
      appId: optional(raw.VITE_FIREBASE_APP_ID),
    },
    authEmulatorUrl: optional(raw.VITE_AUTH_EMULATOR_URL),
    apiBaseUrl: (optional(raw.VITE_API_BASE_URL) ?? '/api').replace(/\/+$/, ''),
  };
}

/** The emulator is used only outside prod (spec §3: development authentication uses it). */
export function shouldUseAuthEmulator(env: WebEnv, isDevServer: boolean): boolean {
  return env.authEmulatorUrl !== undefined && (isDevServer || env.appEnv !== 'prod');
}
