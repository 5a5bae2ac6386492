/**
 * The two sources of the web app's settings: the build's `VITE_*` variables and the deployment's
 * runtime config. Types only, shared by read-env.ts and monitoring-env.ts.
 */

/** The build's variables (`import.meta.env`; the local servers' environment in vite.config.ts). */
export type RawEnv = Partial<
  Record<
    | 'VITE_FIREBASE_API_KEY'
    | 'VITE_FIREBASE_AUTH_DOMAIN'
    | 'VITE_FIREBASE_PROJECT_ID'
    | 'VITE_FIREBASE_STORAGE_BUCKET'
    | 'VITE_FIREBASE_MESSAGING_SENDER_ID'
    | 'VITE_FIREBASE_APP_ID'
    | 'VITE_AUTH_EMULATOR_URL'
    | 'VITE_API_BASE_URL'
    | 'VITE_API_TIMEOUT_MS'
    | 'VITE_APP_ENV'
    | 'VITE_APP_VERSION'
    | 'VITE_DATADOG_APPLICATION_ID'
    | 'VITE_DATADOG_CLIENT_TOKEN'
    | 'VITE_DATADOG_SITE'
    | 'VITE_DATADOG_SERVICE'
    | 'VITE_DATADOG_PROXY_URL'
    | 'VITE_FIREBASE_MEASUREMENT_ID'
    | 'VITE_KARTE_SCRIPT_URL',
    string | undefined
  >
>;

/**
 * `window.__CONSOLE_CONFIG__`, set by /auth/runtime-config.js, which the web image writes from its
 * environment as it starts (nginx/write-runtime-config.sh), so that one build serves every
 * environment. Every key is optional; a missing or empty one leaves the build's value.
 */
export interface RuntimeConfig {
  appEnv?: string;
  firebase?: {
    apiKey?: string;
    authDomain?: string;
    projectId?: string;
    storageBucket?: string;
    messagingSenderId?: string;
    appId?: string;
    /** Google Analytics measurement id (G-…) of the Firebase web app. */
    measurementId?: string;
  };
  authEmulatorUrl?: string;
  apiBaseUrl?: string;
  /** Milliseconds a call of the API may wait for its answer (a whole number above zero). */
  apiTimeoutMs?: string;
  /** Version of the deployed build, sent with monitoring and error reports. */
  appVersion?: string;
  datadog?: {
    applicationId?: string;
    clientToken?: string;
    site?: string;
    service?: string;
    proxyUrl?: string;
  };
  karte?: {
    scriptUrl?: string;
  };
}
