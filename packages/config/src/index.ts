/**
 * Deployment configuration per environment (docs/product-rules.md#entities). Pure data: both the API and the web
 * read it; secrets and identity-provider settings come from environment variables instead.
 */
export const ENVIRONMENTS = ['dev', 'test', 'eva', 'prod'] as const;
export type EnvironmentName = (typeof ENVIRONMENTS)[number];

export const SUBSYSTEMS = ['auth', 'base', 'tool-setting', 'troppus', 'knowledge', 'speak', 'debeso', 'intelligence', 'voc'] as const;
export type Subsystem = (typeof SUBSYSTEMS)[number];

/** The web's real-user monitoring (Datadog Browser RUM) in an environment (docs/product-rules.md#limits). */
export interface MonitoringConfig {
  /** Percentage of sessions tracked. */
  sessionSampleRate: number;
  /** Percentage of tracked sessions recorded with Session Replay. */
  sessionReplaySampleRate: number;
  trackUserInteractions: boolean;
  trackResources: boolean;
  trackLongTasks: boolean;
  /**
   * How long the SDK's compression worker (Session Replay's) may take to start. The SDK fixes it
   * at 30 s with no init option; apps/web/test/unit/monitoring.test.ts checks the two agree.
   */
  workerStartTimeoutMs: number;
}

export interface DeploymentConfig {
  name: EnvironmentName;
  hosts: {
    auth: { app: string; api: string; internalApi: string };
    knowledge: { app: string; api: string; internalApi: string };
    troppus: { app: string; api: string; internalApi: string };
    speak: { app: string; botApi: string };
    debeso: { api: string };
    intelligence: { app: string; api: string; agent: string };
  };
  /** Name of the httpOnly session cookie shared with sibling products (prod has no suffix). */
  sessionCookieName: string;
  /** Domain the session cookie is set on, shared by the products of one environment. */
  cookieDomain: string;
  invitationSender: { email: string; name: string };
  monitoring: MonitoringConfig;
}

const monitoring: MonitoringConfig = {
  sessionSampleRate: 100,
  sessionReplaySampleRate: 20,
  trackUserInteractions: true,
  trackResources: true,
  trackLongTasks: true,
  workerStartTimeoutMs: 30_000,
};

const SESSION_COOKIE = 'console_session';

function hostedEnvironment(name: Exclude<EnvironmentName, 'dev'>, domain: string): DeploymentConfig {
  const suffix = name === 'prod' ? '' : `_${name}`;
  return {
    name,
    hosts: {
      auth: { app: `https://app.${domain}`, api: `https://api.${domain}`, internalApi: `https://internal-api.${domain}` },
      knowledge: { app: `https://app.${domain}`, api: `https://knowledge-api.${domain}`, internalApi: `https://knowledge-internal-api.${domain}` },
      troppus: { app: `https://troppus.${domain}`, api: `https://troppus-api.${domain}`, internalApi: `https://troppus-internal-api.${domain}` },
      speak: { app: `https://speak.${domain}`, botApi: `https://speak-bot-api.${domain}` },
      debeso: { api: `https://debeso-api.${domain}` },
      intelligence: { app: `https://intelligence.${domain}`, api: `https://intelligence-api.${domain}`, agent: `https://intelligence-agent.${domain}` },
    },
    sessionCookieName: `${SESSION_COOKIE}${suffix}`,
    cookieDomain: domain,
    invitationSender: { email: `no-reply@${domain}`, name: 'コンソール' },
    monitoring,
  };
}

const local = 'http://localhost:5173';

export const DEPLOYMENTS: Record<EnvironmentName, DeploymentConfig> = {
  dev: {
    name: 'dev',
    hosts: {
      auth: { app: local, api: `${local}/api`, internalApi: `${local}/api` },
      knowledge: { app: local, api: `${local}/api`, internalApi: `${local}/api` },
      troppus: { app: local, api: `${local}/api`, internalApi: `${local}/api` },
      speak: { app: local, botApi: `${local}/api` },
      debeso: { api: `${local}/api` },
      intelligence: { app: local, api: `${local}/api`, agent: `${local}/api` },
    },
    sessionCookieName: `${SESSION_COOKIE}_dev`,
    cookieDomain: 'localhost',
    invitationSender: { email: 'no-reply@localhost', name: 'コンソール (dev)' },
    monitoring,
  },
  test: hostedEnvironment('test', 'test.console.example.jp'),
  eva: hostedEnvironment('eva', 'eva.console.example.jp'),
  prod: hostedEnvironment('prod', 'console.example.jp'),
};

export function isEnvironmentName(value: unknown): value is EnvironmentName {
  return typeof value === 'string' && (ENVIRONMENTS as readonly string[]).includes(value);
}

export function deploymentFor(name: EnvironmentName): DeploymentConfig {
  return DEPLOYMENTS[name];
}
