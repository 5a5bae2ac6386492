import { deploymentFor, isEnvironmentName, type DeploymentConfig, type EnvironmentName, type Subsystem, SUBSYSTEMS } from '@console/config';
import { isValidEmail } from '@console/domain';
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';

export const APP_CONFIG = Symbol('APP_CONFIG');

/**
 * What an instance does (API_ROLE): `all` serves calls and runs the job queue's workers (a single
 * instance, dev and test); `serve` serves calls and runs no job, whatever MAIL_WORKER_ENABLED and
 * WEBHOOK_WORKER_ENABLED say; `worker` runs the jobs (e-mails, webhook deliveries, periodic jobs) and
 * answers only its probes and metrics: it is behind no Service, so that failing deliveries never
 * take CPU from the calls (docs/operations.md#worker-role).
 */
type InstanceRole = 'all' | 'serve' | 'worker';
const INSTANCE_ROLES: readonly InstanceRole[] = ['all', 'serve', 'worker'];

export interface AppConfig {
  environment: EnvironmentName;
  role: InstanceRole;
  deployment: DeploymentConfig;
  host: string;
  port: number;
  databaseUrl: string;
  /**
   * A connection to Postgres itself, not through a transaction pooler (DATABASE_DIRECT_URL, default
   * DATABASE_URL): for what holds a session, the listener of revoked sessions (LISTEN).
   */
  databaseDirectUrl: string;
  databasePoolMax: number;
  /**
   * Whether the pool's connections prepare the statements of the typed path, parsing and planning
   * each once instead of on every call (DATABASE_PREPARED_STATEMENTS). By default they do on a
   * direct connection and do not when DATABASE_DIRECT_URL says that DATABASE_URL is a pooler in
   * transaction mode, which may run the next call on a server connection that never prepared the
   * statement (PgBouncer before 1.21, or without max_prepared_statements).
   */
  databasePreparedStatements: boolean;
  /** Whether the API applies pending migrations as it starts (MIGRATE_ON_START); production runs `db:migrate` once instead. */
  migrateOnStart: boolean;
  firebaseProjectId: string;
  /** host:port of the Firebase Auth Emulator; undefined in hosted environments. */
  authEmulatorHost: string | undefined;
  companyMailDomain: string;
  rootAccountEmail: string;
  /** Origin of the console's web app (invitation URLs, same-origin checks). */
  appOrigin: string;
  /** Public base URL of this API, used for URLs of files it serves. */
  publicApiUrl: string;
  sendgridApiKey: string | undefined;
  /** SendGrid's API address (SENDGRID_API_URL): the global one by default, e.g. https://api.eu.sendgrid.com for EU data residency. */
  sendgridApiUrl: string;
  storageBucket: string | undefined;
  dataDir: string;
  seedDemoData: boolean;
  /** Keys with which sibling products call the session introspection endpoint. */
  subsystemKeys: Partial<Record<Subsystem, string>>;
  logLevel: string;
  /** Secure cookies everywhere but on a developer's own machine. */
  secureCookies: boolean;
  /** Delivery of the e-mail outbox. */
  mail: MailDeliveryConfig;
  /** The job queue (pg-boss). */
  queue: JobQueueConfig;
  /** Delivery of change events to webhook endpoints. */
  webhooks: WebhookDeliveryConfig;
  /** The keys that seal the secrets the console keeps in the database to use them (SECRET_SEALING_KEYS). */
  sealingKeys: SecretSealingKeys;
  /** How long the API keeps serving after SIGTERM, with /readyz answering 503, before it closes (SHUTDOWN_DRAIN_MS). */
  shutdownDrainMs: number;
  /** How long the API waits for Postgres at startup before it gives up (STARTUP_TIMEOUT_MS). */
  startupTimeoutMs: number;
  /** How long a call to the identity provider may take before the request answers 503 (IDENTITY_TIMEOUT_MS). */
  identityTimeoutMs: number;
  /**
   * How long what the identity provider said about a user (revoked sessions, disabled, deleted) is
   * trusted before it is asked again (REVOCATION_CHECK_INTERVAL_MS): the longest a revoked session
   * or ID token is still accepted, by an instance other than the one that revoked it.
   */
  revocationCheckIntervalMs: number;
  /**
   * While the identity provider cannot be reached, how old the last answer about a user may be and
   * still be used (REVOCATION_MAX_STALENESS_MS); beyond it, or without one, requests answer 503.
   */
  revocationMaxStalenessMs: number;
  /** Entries of each authentication cache: verified ID tokens, session cookies, users' revocation state (AUTH_CACHE_MAX_ENTRIES). */
  authCacheMaxEntries: number;
  /**
   * Proxies whose X-Forwarded-For entries are believed (TRUSTED_PROXIES: addresses, CIDR ranges or
   * loopback, linklocal, uniquelocal; none unless named): the client IP (per-IP rate limits, audit
   * log, logs) is the last address the header names that is not one of them, so an entry a client
   * writes into it is never taken for its address. Without any, the header is ignored.
   */
  trustedProxies: string[];
  /** Rate limits, counted in Redis when several instances share it (see common/rate-limit). */
  rateLimit: RateLimitConfig;
  /** Days audit events are kept before the retention job deletes them (AUDIT_RETENTION_DAYS); 0 keeps them for ever. */
  auditRetentionDays: number;
  /**
   * Days change events are kept (CHANGE_EVENT_RETENTION_DAYS, 30) before the retention job deletes
   * them with their deliveries; 0 keeps them for ever. Longer than the retries of a delivery
   * (WEBHOOK_RETRY_SPAN_SECONDS), so that a failed delivery stays visible and replayable a while.
   */
  changeEventRetentionDays: number;
  /** Deleted organizations: how long they can be restored before the purge job removes them (docs/operations.md#organization-purge). */
  organizationPurge: OrganizationPurgeConfig;
  /** Verifying organizations' domains over DNS (docs/operations.md#verified-domains). */
  domains: DomainsConfig;
  /** Single sign-on through organizations' identity providers (docs/integration.md#single-sign-on). */
  sso: SsoConfig;
  /** Metrics, error reporting and traces, each off unless configured (see common/observability and modules/metrics). */
  observability: ObservabilityConfig;
}

export interface ObservabilityConfig {
  /** Port of the Prometheus endpoint, a server of its own on HOST apart from the API (METRICS_PORT); undefined: none. */
  metricsPort: number | undefined;
  /** Bearer token the Prometheus endpoint requires (METRICS_TOKEN); undefined: none. */
  metricsToken: string | undefined;
  /** Sentry project 500s are reported to (SENTRY_DSN); undefined: not reported. */
  sentryDsn: string | undefined;
  /** Environment and release of the reports (SENTRY_ENVIRONMENT, default APP_ENV; SENTRY_RELEASE). */
  sentryEnvironment: string;
  sentryRelease: string | undefined;
  /** OTLP/HTTP collector traces are exported to (OTEL_EXPORTER_OTLP_ENDPOINT); undefined: no tracing. */
  otlpEndpoint: string | undefined;
  /** service.name of the traces (OTEL_SERVICE_NAME). */
  serviceName: string;
}

interface OrganizationPurgeConfig {
  /** Days a deleted organization can be restored; then it is purged (ORGANIZATION_RETENTION_DAYS). */
  retentionDays: number;
  /** Cron expression (five fields, UTC) of the purge job's runs (ORGANIZATION_PURGE_SCHEDULE). */
  schedule: string;
}

interface DomainsConfig {
  /** DNS servers the TXT records are looked up at, `ip` or `ip:port` (DNS_RESOLVER_SERVERS); empty: the system's. */
  resolverServers: string[];
  /** How long one DNS query may take (DNS_TIMEOUT_MS), and how many times it is sent (DNS_TRIES). */
  timeoutMs: number;
  tries: number;
  /** Hours between two checks of a verified domain (DOMAIN_RECHECK_INTERVAL_HOURS); 0: never re-checked. */
  recheckIntervalHours: number;
  /** Failed re-checks in a row after which a verified domain is failed (DOMAIN_RECHECK_FAILURES). */
  recheckFailures: number;
}

interface SsoConfig {
  /**
   * Whether OpenID providers may be reached over plain HTTP (SSO_ALLOW_INSECURE_ISSUERS: the local
   * provider of development and the tests); never in eva or prod.
   */
  allowInsecureIssuers: boolean;
}

export interface RateLimitConfig {
  /** Redis holding the counters of every instance (REDIS_URL); without it each instance counts in memory. */
  redisUrl: string | undefined;
  /** Prefix of every counter's key in Redis (RATE_LIMIT_KEY_PREFIX). */
  keyPrefix: string;
  /** Calls per minute and client IP without a bearer token or session cookie, and of /session/introspect (RATE_LIMIT_IP_PER_MINUTE). */
  ipPerMinute: number;
  /** Write calls per minute and signed-in account (RATE_LIMIT_ACCOUNT_WRITES_PER_MINUTE). */
  accountWritesPerMinute: number;
  /** Invalid bearer tokens, session cookies and subsystem keys per minute and client IP (RATE_LIMIT_AUTH_FAILURES_PER_MINUTE). */
  authFailuresPerMinute: number;
  /** Addresses invited per organization and UTC day (INVITATIONS_PER_ORGANIZATION_PER_DAY). */
  invitationsPerOrganizationPerDay: number;
}

export interface MailDeliveryConfig {
  /** Whether this instance runs the delivery worker (MAIL_WORKER_ENABLED). */
  workerEnabled: boolean;
  /** How often the worker looks for due e-mail jobs (MAIL_POLL_INTERVAL_MS, at least 500 ms). */
  pollIntervalMs: number;
  /**
   * How long an attempt may take before the job counts as failed and another worker may take it
   * (MAIL_LEASE_MS, the job's expiry, whole seconds); the send times out after two thirds of it.
   */
  leaseMs: number;
  /** Delay before the first retry, doubled (with jitter) on each further failure (MAIL_RETRY_BASE_MS, whole seconds, at least 1 s). */
  retryBaseMs: number;
  /**
   * Attempts with a growing delay (MAIL_MAX_ATTEMPTS); afterwards an invitation e-mail is retried at the
   * last delay while its invitation is pending, any other e-mail is given up as failed.
   */
  maxAttempts: number;
}

export interface WebhookDeliveryConfig {
  /** Whether this instance runs the webhook delivery worker (WEBHOOK_WORKER_ENABLED). */
  workerEnabled: boolean;
  /** How often the worker looks for due webhook jobs (WEBHOOK_POLL_INTERVAL_MS, at least 500 ms). */
  pollIntervalMs: number;
  /**
   * Deliveries an instance makes at a time (WEBHOOK_CONCURRENCY, 4): a slow endpoint holds one of
   * them, and at most that many are in flight (and may be delivered twice) when the instance dies.
   */
  concurrency: number;
  /** How long one delivery may take, answer included (WEBHOOK_TIMEOUT_MS, 10 s). */
  timeoutMs: number;
  /** Delay before the first retry, doubled (with jitter) on each further failure up to 6 hours (WEBHOOK_RETRY_BASE_SECONDS). */
  retryBaseSeconds: number;
  /** How long a failing delivery is retried before it is given up as failed (WEBHOOK_RETRY_SPAN_SECONDS, 3 days). */
  retrySpanSeconds: number;
  /**
   * Whether endpoints may resolve to loopback, private, link-local, unique-local or multicast
   * addresses (WEBHOOK_ALLOW_PRIVATE_ADDRESSES): only in dev and test (default there), never in eva
   * or prod, where such deliveries are refused (no SSRF).
   */
  allowPrivateAddresses: boolean;
  /**
   * Whether endpoint URLs must be https (WEBHOOK_REQUIRE_HTTPS): always in eva and prod, where the
   * events and their signatures never travel in clear; off by default in dev and test.
   */
  requireHttps: boolean;
}

/**
 * AES-256 keys of the secrets the console keeps to use them (webhook signing secrets, SSO client
 * secrets) (SECRET_SEALING_KEYS, `<id>:<32 bytes in base64>` separated by commas, from the
 * deployment's secret): the first seals new secrets, every one opens the secrets sealed with it
 * (rotation). Required in prod; without it (dev, test, an evaluation environment that sets none) a
 * fixed key derived here, which protects nothing.
 */
export interface SecretSealingKeys {
  current: { id: string; key: Buffer };
  byId: ReadonlyMap<string, Buffer>;
}

interface JobQueueConfig {
  /** Connections of the queue's own pool (QUEUE_POOL_MAX). */
  poolMax: number;
  /** How often an instance looks for expired jobs (their worker died) to retry them (QUEUE_SUPERVISE_INTERVAL_SECONDS). */
  superviseIntervalSeconds: number;
  /**
   * How often an instance reads how many jobs of each kind are ready (QUEUE_CACHE_INTERVAL_SECONDS):
   * while more than one is, its workers fetch the next job at once instead of after their polling
   * interval, so a backlog is worked without waiting.
   */
  cacheIntervalSeconds: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function required(env: Env, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new ConfigError(`Missing environment variable ${name}`);
  return value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`Environment variable ${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`Environment variable ${name} must be true or false, got "${raw}"`);
}

/** A cron expression of five fields (minute, hour, day of month, month, day of week) of numbers, `*`, `/`, `,` and `-`. */
function cron(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim().replace(/\s+/g, ' ');
  if (!raw) return fallback;
  if (!/^[\d*/,-]+( [\d*/,-]+){4}$/.test(raw)) {
    throw new ConfigError(`Environment variable ${name} must be a cron expression of five fields, got "${raw}"`);
  }
  return raw;
}

function instanceRole(env: Env): InstanceRole {
  const raw = env.API_ROLE?.trim() || 'all';
  const role = INSTANCE_ROLES.find((r) => r === raw);
  if (!role) throw new ConfigError(`Environment variable API_ROLE must be one of ${INSTANCE_ROLES.join(', ')}, got "${raw}"`);
  return role;
}

function url(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim() || fallback;
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(`Environment variable ${name} must be a URL, got "${raw}"`);
  }
}

/** A postgres:// URL (the variable's value, or the fallback when it is not set). */
function postgresUrl(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim() || fallback;
  if (!/^postgres(ql)?:\/\//.test(value)) throw new ConfigError(`Environment variable ${name} must be a postgres:// URL`);
  return value;
}

function redisUrl(env: Env): string | undefined {
  const raw = env.REDIS_URL?.trim();
  if (!raw) return undefined;
  if (!/^rediss?:\/\/[^/]/.test(raw) || !URL.canParse(raw)) throw new ConfigError('Environment variable REDIS_URL must be a redis:// or rediss:// URL');
  return raw;
}

const PROXY_RANGE_NAMES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustedProxies(env: Env): string[] {
  const raw = env.TRUSTED_PROXIES?.trim();
  if (!raw) return [];
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    if (PROXY_RANGE_NAMES.has(entry) || (extra === undefined && isIP(address) !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits)))) continue;
    throw new ConfigError(
      `Environment variable TRUSTED_PROXIES must be a comma-separated list of IP addresses, CIDR ranges, loopback, linklocal or uniquelocal, got "${entry}"`,
    );
  }
  return entries;
}

function resolverServers(env: Env): string[] {
  const raw = env.DNS_RESOLVER_SERVERS?.trim();
  if (!raw) return [];
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const match = /^(?:\[([^\]]+)\]|([^:]+))(?::(\d{1,5}))?$/.exec(entry) ?? /^([0-9a-fA-F:]+)$/.exec(entry);
    const address = match?.[1] ?? match?.[2] ?? '';
    if (isIP(address) !== 0) continue;
    throw new ConfigError(`Environment variable DNS_RESOLVER_SERVERS must be a comma-separated list of IP addresses with optional ports, got "${entry}"`);
  }
  return entries;
}

function observability(env: Env, environment: EnvironmentName, port: number): ObservabilityConfig {
  const metricsPort = env.METRICS_PORT?.trim() ? integer(env, 'METRICS_PORT', 0, 0, 65535) : undefined;
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port) throw new ConfigError('Environment variable METRICS_PORT must differ from PORT');
  const metricsToken = env.METRICS_TOKEN?.trim() || undefined;
  if (metricsToken !== undefined && (metricsPort === undefined || metricsToken.length < 16)) {
    throw new ConfigError('Environment variable METRICS_TOKEN must have 16+ characters and needs METRICS_PORT');
  }
  const sentryDsn = env.SENTRY_DSN?.trim() || undefined;
  if (sentryDsn !== undefined && !/^https?:\/\/[^:@/]+@[^/]+\/(.+\/)?\d+$/.test(sentryDsn)) {
    throw new ConfigError('Environment variable SENTRY_DSN must be a Sentry DSN: http(s)://<public key>@<host>/<project id>');
  }
  const otlpEndpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() ? url(env, 'OTEL_EXPORTER_OTLP_ENDPOINT', '') : undefined;
  if (otlpEndpoint !== undefined && !/^https?:/.test(otlpEndpoint))
    throw new ConfigError('Environment variable OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL');
  return {
    metricsPort,
    metricsToken,
    sentryDsn,
    sentryEnvironment: env.SENTRY_ENVIRONMENT?.trim() || environment,
    sentryRelease: env.SENTRY_RELEASE?.trim() || undefined,
    otlpEndpoint,
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'console-api',
  };
}

/**
 * The environment keys of sibling products (SUBSYSTEM_KEYS): for development and tests only, or,
 * in eva and prod, as a bootstrap until the products have service credentials
 * (SUBSYSTEM_KEYS_BOOTSTRAP=true; docs/operations.md#service-credentials).
 */
function subsystemKeys(env: Env, environment: EnvironmentName): Partial<Record<Subsystem, string>> {
  const raw = env.SUBSYSTEM_KEYS?.trim();
  const keys: Partial<Record<Subsystem, string>> = {};
  if (!raw) return keys;
  if ((environment === 'eva' || environment === 'prod') && !boolean(env, 'SUBSYSTEM_KEYS_BOOTSTRAP', false)) {
    throw new ConfigError(
      `Environment variable SUBSYSTEM_KEYS must not be set when APP_ENV is ${environment}: sibling products use service credentials (SUBSYSTEM_KEYS_BOOTSTRAP=true allows the keys while they are set up)`,
    );
  }
  for (const pair of raw.split(',')) {
    const [name, key] = pair.split(':').map((s) => s.trim());
    if (!name || !key || !(SUBSYSTEMS as readonly string[]).includes(name) || key.length < 16) {
      throw new ConfigError('Environment variable SUBSYSTEM_KEYS must be a comma-separated list of <subsystem>:<key of 16+ characters>');
    }
    keys[name as Subsystem] = key;
  }
  return keys;
}

/**
 * In production, refuses the fallbacks meant for a developer's machine: invitation e-mails in a
 * local mailbox no one reads (without SENDGRID_API_KEY), and uploaded images on this instance's
 * disk, which other instances do not see (without STORAGE_BUCKET), unless allowed for a single
 * instance (LOCAL_UPLOADS_SINGLE_INSTANCE).
 */
function refuseUnsafeFallbacks(env: Env): void {
  if (!env.SENDGRID_API_KEY?.trim()) {
    throw new ConfigError(
      'Missing environment variable SENDGRID_API_KEY (required when APP_ENV is prod: without it invitation e-mails would go to a local mailbox)',
    );
  }
  if (!env.STORAGE_BUCKET?.trim() && !boolean(env, 'LOCAL_UPLOADS_SINGLE_INSTANCE', false)) {
    throw new ConfigError(
      "Missing environment variable STORAGE_BUCKET (required when APP_ENV is prod: without it uploaded images are kept on this instance's disk, unseen by other instances; LOCAL_UPLOADS_SINGLE_INSTANCE=true allows that for a single instance)",
    );
  }
}

/** The key without SECRET_SEALING_KEYS (never in prod): derived from a fixed text, so that a developer's secrets survive restarts. */
const LOCAL_SEALING_KEY = { id: 'local', key: createHash('sha256').update('console sealed secrets: dev and test only').digest() };

function secretSealingKeys(env: Env, environment: string): SecretSealingKeys {
  const raw = env.SECRET_SEALING_KEYS?.trim();
  if (!raw) {
    if (environment === 'prod') {
      throw new ConfigError(
        'Missing environment variable SECRET_SEALING_KEYS (required when APP_ENV is prod: the webhook signing secrets and SSO client secrets are encrypted with it)',
      );
    }
    return { current: LOCAL_SEALING_KEY, byId: new Map([[LOCAL_SEALING_KEY.id, LOCAL_SEALING_KEY.key]]) };
  }
  const keys = raw.split(',').map((entry) => {
    const [id = '', encoded = '', extra] = entry.trim().split(':');
    const key = Buffer.from(encoded, 'base64');
    // The message names the entry by its id only: a key never appears in an error or a log.
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(id) || extra !== undefined || key.length !== 32 || key.toString('base64') !== encoded) {
      throw new ConfigError(
        `Environment variable SECRET_SEALING_KEYS must be a comma-separated list of <key id>:<32 bytes in base64> (openssl rand -base64 32), the first sealing new secrets; entry "${id}" is not`,
      );
    }
    return { id, key };
  });
  const byId = new Map(keys.map((k) => [k.id, k.key]));
  const [current] = keys;
  if (!current || byId.size !== keys.length) throw new ConfigError('Environment variable SECRET_SEALING_KEYS must name each key id once');
  return { current, byId };
}

function webhookDelivery(env: Env, environment: string): WebhookDeliveryConfig {
  const local = environment === 'dev' || environment === 'test';
  const allowPrivateAddresses = boolean(env, 'WEBHOOK_ALLOW_PRIVATE_ADDRESSES', local);
  if (allowPrivateAddresses && !local) {
    throw new ConfigError(
      `Environment variable WEBHOOK_ALLOW_PRIVATE_ADDRESSES must not be true when APP_ENV is ${environment} (webhooks to private addresses are refused)`,
    );
  }
  const requireHttps = boolean(env, 'WEBHOOK_REQUIRE_HTTPS', !local);
  if (!requireHttps && !local) {
    throw new ConfigError(`Environment variable WEBHOOK_REQUIRE_HTTPS must not be false when APP_ENV is ${environment} (webhook endpoints are https)`);
  }
  return {
    workerEnabled: boolean(env, 'WEBHOOK_WORKER_ENABLED', true),
    pollIntervalMs: integer(env, 'WEBHOOK_POLL_INTERVAL_MS', 500, 500, 600_000),
    concurrency: integer(env, 'WEBHOOK_CONCURRENCY', 4, 1, 64),
    timeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    retryBaseSeconds: integer(env, 'WEBHOOK_RETRY_BASE_SECONDS', 30, 1, 3600),
    retrySpanSeconds: integer(env, 'WEBHOOK_RETRY_SPAN_SECONDS', 3 * 24 * 3600, 1, 30 * 24 * 3600),
    allowPrivateAddresses,
    requireHttps,
  };
}

function changeEventRetentionDays(env: Env, webhooks: WebhookDeliveryConfig): number {
  const days = integer(env, 'CHANGE_EVENT_RETENTION_DAYS', 30, 0, 36_500);
  if (days > 0 && days * 86_400 <= webhooks.retrySpanSeconds) {
    throw new ConfigError(
      `Environment variable CHANGE_EVENT_RETENTION_DAYS must be 0 or longer than the retries of a delivery (WEBHOOK_RETRY_SPAN_SECONDS, ${webhooks.retrySpanSeconds} s), got "${days}"`,
    );
  }
  return days;
}

/** Reads and validates the configuration; a missing or bad variable throws a ConfigError naming it. */
export function loadConfig(env: Env = process.env): AppConfig {
  const environmentName = required(env, 'APP_ENV');
  if (!isEnvironmentName(environmentName)) {
    throw new ConfigError(`Environment variable APP_ENV must be one of dev, test, eva, prod, got "${environmentName}"`);
  }
  const deployment = deploymentFor(environmentName);
  const databaseUrl = postgresUrl(env, 'DATABASE_URL', required(env, 'DATABASE_URL'));
  const databaseDirectUrl = postgresUrl(env, 'DATABASE_DIRECT_URL', databaseUrl);
  const authEmulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || undefined;
  if (!authEmulatorHost && environmentName === 'dev') {
    throw new ConfigError('Missing environment variable FIREBASE_AUTH_EMULATOR_HOST (development authentication uses the local emulator)');
  }
  if (authEmulatorHost && (environmentName === 'eva' || environmentName === 'prod')) {
    throw new ConfigError(
      `Environment variable FIREBASE_AUTH_EMULATOR_HOST must not be set when APP_ENV is ${environmentName} (the Auth Emulator accepts unsigned tokens)`,
    );
  }
  if (environmentName === 'prod') refuseUnsafeFallbacks(env);
  const companyMailDomain = required(env, 'COMPANY_MAIL_DOMAIN').toLowerCase();
  if (!/^[a-z0-9.-]+\.[a-z]{2,}$/.test(companyMailDomain)) {
    throw new ConfigError(`Environment variable COMPANY_MAIL_DOMAIN must be a mail domain, got "${companyMailDomain}"`);
  }
  const rootAccountEmail = required(env, 'ROOT_ACCOUNT_EMAIL').toLowerCase();
  if (!isValidEmail(rootAccountEmail) || !rootAccountEmail.endsWith(`@${companyMailDomain}`)) {
    throw new ConfigError('Environment variable ROOT_ACCOUNT_EMAIL must be an email address on COMPANY_MAIL_DOMAIN');
  }
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const webhooks = webhookDelivery(env, environmentName);
  const host = env.HOST?.trim() || '127.0.0.1';
  return {
    environment: environmentName,
    role: instanceRole(env),
    deployment,
    host,
    port,
    databaseUrl,
    databaseDirectUrl,
    databasePoolMax: integer(env, 'DATABASE_POOL_MAX', 10, 1, 100),
    databasePreparedStatements: boolean(env, 'DATABASE_PREPARED_STATEMENTS', databaseDirectUrl === databaseUrl),
    migrateOnStart: boolean(env, 'MIGRATE_ON_START', true),
    firebaseProjectId: required(env, 'FIREBASE_PROJECT_ID'),
    authEmulatorHost,
    companyMailDomain,
    rootAccountEmail,
    appOrigin: url(env, 'APP_ORIGIN', deployment.hosts.auth.app),
    publicApiUrl: url(env, 'PUBLIC_API_URL', deployment.hosts.auth.api),
    sendgridApiKey: env.SENDGRID_API_KEY?.trim() || undefined,
    sendgridApiUrl: url(env, 'SENDGRID_API_URL', 'https://api.sendgrid.com'),
    storageBucket: env.STORAGE_BUCKET?.trim() || undefined,
    dataDir: env.DATA_DIR?.trim() || '.data',
    seedDemoData: boolean(env, 'SEED_DEMO_DATA', false),
    subsystemKeys: subsystemKeys(env, environmentName),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    secureCookies: environmentName !== 'dev',
    mail: {
      workerEnabled: boolean(env, 'MAIL_WORKER_ENABLED', true),
      pollIntervalMs: integer(env, 'MAIL_POLL_INTERVAL_MS', 1000, 10, 600_000),
      leaseMs: integer(env, 'MAIL_LEASE_MS', 15_000, 100, 3_600_000),
      retryBaseMs: integer(env, 'MAIL_RETRY_BASE_MS', 30_000, 1, 3_600_000),
      maxAttempts: integer(env, 'MAIL_MAX_ATTEMPTS', 8, 1, 100),
    },
    webhooks,
    sealingKeys: secretSealingKeys(env, environmentName),
    queue: {
      poolMax: integer(env, 'QUEUE_POOL_MAX', 2, 1, 20),
      superviseIntervalSeconds: integer(env, 'QUEUE_SUPERVISE_INTERVAL_SECONDS', 10, 1, 3600),
      cacheIntervalSeconds: integer(env, 'QUEUE_CACHE_INTERVAL_SECONDS', 1, 1, 3600),
    },
    shutdownDrainMs: integer(env, 'SHUTDOWN_DRAIN_MS', 5000, 0, 600_000),
    startupTimeoutMs: integer(env, 'STARTUP_TIMEOUT_MS', 60_000, 1000, 3_600_000),
    identityTimeoutMs: integer(env, 'IDENTITY_TIMEOUT_MS', 3000, 100, 60_000),
    revocationCheckIntervalMs: integer(env, 'REVOCATION_CHECK_INTERVAL_MS', 30_000, 0, 600_000),
    revocationMaxStalenessMs: integer(env, 'REVOCATION_MAX_STALENESS_MS', 300_000, 0, 86_400_000),
    authCacheMaxEntries: integer(env, 'AUTH_CACHE_MAX_ENTRIES', 10_000, 1, 10_000_000),
    trustedProxies: trustedProxies(env),
    rateLimit: {
      redisUrl: redisUrl(env),
      keyPrefix: env.RATE_LIMIT_KEY_PREFIX?.trim() || 'console:rl:',
      ipPerMinute: integer(env, 'RATE_LIMIT_IP_PER_MINUTE', 300, 1, 1_000_000),
      accountWritesPerMinute: integer(env, 'RATE_LIMIT_ACCOUNT_WRITES_PER_MINUTE', 60, 1, 1_000_000),
      authFailuresPerMinute: integer(env, 'RATE_LIMIT_AUTH_FAILURES_PER_MINUTE', 30, 1, 1_000_000),
      invitationsPerOrganizationPerDay: integer(env, 'INVITATIONS_PER_ORGANIZATION_PER_DAY', 300, 1, 10_000_000),
    },
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', 365, 0, 36_500),
    changeEventRetentionDays: changeEventRetentionDays(env, webhooks),
    organizationPurge: {
      retentionDays: integer(env, 'ORGANIZATION_RETENTION_DAYS', 30, 1, 3650),
      schedule: cron(env, 'ORGANIZATION_PURGE_SCHEDULE', '0 * * * *'),
    },
    domains: {
      resolverServers: resolverServers(env),
      timeoutMs: integer(env, 'DNS_TIMEOUT_MS', 5000, 100, 60_000),
      tries: integer(env, 'DNS_TRIES', 2, 1, 10),
      recheckIntervalHours: integer(env, 'DOMAIN_RECHECK_INTERVAL_HOURS', 24, 0, 8760),
      recheckFailures: integer(env, 'DOMAIN_RECHECK_FAILURES', 2, 1, 100),
    },
    sso: { allowInsecureIssuers: (environmentName === 'dev' || environmentName === 'test') && boolean(env, 'SSO_ALLOW_INSECURE_ISSUERS', false) },
    observability: observability(env, environmentName, port),
  };
}
