/**
 * What a deployment of the console on Kubernetes is made of: images, names, sizes and the
 * networks it talks to. docs/operations.md#kubernetes explains each value and where the sizes
 * come from.
 */
export interface ConsoleSettings {
  namespace: string;
  /** The release: the tag of both images and the suffix of the migration job. */
  version: string;
  apiImage: string;
  webImage: string;
  /** The public host name the ingress answers for, and the TLS secret that holds its certificate. */
  host: string;
  tlsSecretName: string;
  ingressClassName: string;
  /** Namespace of the ingress controller (the only caller of the web server from outside). */
  ingressNamespace: string;
  /** Namespace of the Prometheus that scrapes the API's metrics port. */
  monitoringNamespace: string;
  /** Namespaces carrying this label (value "true") hold sibling products, which call the API directly. */
  siblingNamespaceLabel: string;
  /** The pod network: the web server's pods reach the API from it, so the API trusts X-Forwarded-For from it alone. */
  podCidr: string;
  /** Managed Postgres and Redis (outside the cluster): their addresses, for the egress policy. */
  databaseCidr: string;
  redisCidr: string;
  /** The secret (kept by the cluster's secret store, never in these manifests) holding the API's credentials. */
  apiSecretName: string;
  apiReplicas: { min: number; max: number; targetCpuPercent: number };
  webReplicas: number;
  /** Replicas of the workers (API_ROLE=worker): e-mails, webhook deliveries, periodic jobs. */
  workerReplicas: number;
  apiResources: Resources;
  workerResources: Resources;
  webResources: Resources;
  /** How long the API keeps answering after SIGTERM with /readyz at 503 (SHUTDOWN_DRAIN_MS). */
  shutdownDrainMs: number;
  /** Settings of the API and the web page that are not secrets. */
  apiEnvironment: Record<string, string>;
  webEnvironment: Record<string, string>;
}

export interface Resources {
  cpuRequest: string;
  cpuLimit: string;
  memoryRequest: string;
  memoryLimit: string;
}

export const API_PORT = 3000;
export const API_METRICS_PORT = 9464;
export const WEB_PORT = 8080;
/** The API image's user (node, uid 1000) and the web image's (nginx, uid 101). */
export const API_UID = 1000;
export const WEB_UID = 101;
/** Seconds the API pod waits before SIGTERM reaches it, so that endpoints stop sending it calls first. */
export const PRE_STOP_SECONDS = 5;
/** The API closes its listener at most this long after the drain (a quiet moment; docs/operations.md#shutdown). */
export const LISTENER_CLOSE_MS = 5000;

/** A stopping instance's job queue waits at most this long for its jobs in flight (job-queue.ts onModuleDestroy). */
export const QUEUE_STOP_SECONDS = 30;

/**
 * Where a worker may not connect except to its database and Redis: this host, the private
 * networks (the cluster's among them), carrier-grade NAT, link-local (cloud metadata), multicast
 * and reserved ranges: the networks the API refuses for webhooks (webhook-sender.ts).
 */
export const PRIVATE_IPV4_RANGES = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '224.0.0.0/4',
  '240.0.0.0/4',
] as const;

/** The secret keys the API reads, each as the environment variable of the same name. */
export const API_SECRET_KEYS = [
  'DATABASE_URL',
  'DATABASE_DIRECT_URL',
  'REDIS_URL',
  'SENDGRID_API_KEY',
  'SUBSYSTEM_KEYS',
  'METRICS_TOKEN',
  // The keys that seal the webhook signing secrets and SSO client secrets at rest (required in prod, docs/operations.md#secret-sealing-keys).
  'SECRET_SEALING_KEYS',
] as const;
/**
 * Secret keys a deployment may leave out (DATABASE_DIRECT_URL: only behind a pooler in transaction
 * mode, docs/operations.md#connection-pooling; SUBSYSTEM_KEYS: only while moving sibling products
 * onto service credentials, with SUBSYSTEM_KEYS_BOOTSTRAP, docs/operations.md#service-credentials).
 */
export const OPTIONAL_API_SECRET_KEYS: ReadonlySet<string> = new Set(['DATABASE_DIRECT_URL', 'SUBSYSTEM_KEYS', 'METRICS_TOKEN']);

export function defaultSettings(version = process.env.CONSOLE_VERSION ?? '1.0.0'): ConsoleSettings {
  return {
    namespace: 'console',
    version,
    apiImage: `registry.example.jp/console/api:${version}`,
    webImage: `registry.example.jp/console/web:${version}`,
    host: 'console.example.jp',
    tlsSecretName: 'console-tls',
    ingressClassName: 'nginx',
    ingressNamespace: 'ingress-nginx',
    monitoringNamespace: 'monitoring',
    siblingNamespaceLabel: 'console.example.jp/sibling',
    podCidr: '10.0.0.0/14',
    databaseCidr: '10.10.0.0/24',
    redisCidr: '10.10.1.0/24',
    apiSecretName: 'console-api',
    apiReplicas: { min: 3, max: 12, targetCpuPercent: 70 },
    webReplicas: 2,
    workerReplicas: 2,
    // Measured (pnpm bench, docs/operations.md#kubernetes): one API instance answers about 1,300
    // signed-in calls/s per core; half a core and 256 MiB per replica leave room for a burst
    // before the autoscaler adds one.
    apiResources: { cpuRequest: '500m', cpuLimit: '2', memoryRequest: '256Mi', memoryLimit: '512Mi' },
    // A worker waits on endpoints most of the time: two workers failing 1,000 deliveries in about
    // 11 s used a quarter of a core together, 2.5 ms of CPU per failed attempt (pnpm bench:events).
    workerResources: { cpuRequest: '250m', cpuLimit: '1', memoryRequest: '256Mi', memoryLimit: '512Mi' },
    webResources: { cpuRequest: '100m', cpuLimit: '500m', memoryRequest: '32Mi', memoryLimit: '128Mi' },
    shutdownDrainMs: 5000,
    apiEnvironment: {
      APP_ENV: 'prod',
      HOST: '0.0.0.0',
      PORT: String(API_PORT),
      MIGRATE_ON_START: 'false',
      FIREBASE_PROJECT_ID: 'console-prod',
      COMPANY_MAIL_DOMAIN: 'console.example.jp',
      ROOT_ACCOUNT_EMAIL: 'admin@console.example.jp',
      APP_ORIGIN: 'https://console.example.jp',
      PUBLIC_API_URL: 'https://console.example.jp/api',
      STORAGE_BUCKET: 'console-prod-avatars',
      METRICS_PORT: String(API_METRICS_PORT),
      LOG_LEVEL: 'info',
    },
    webEnvironment: {
      CONSOLE_ENV: 'prod',
      FIREBASE_PROJECT_ID: 'console-prod',
      FIREBASE_AUTH_DOMAIN: 'console-prod.firebaseapp.com',
    },
  };
}
