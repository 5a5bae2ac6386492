import type { EnvironmentName, MonitoringConfig } from '@console/config';

/** What the services are told about the deployment. */
export interface DeploymentContext {
  appEnv: EnvironmentName;
  version: string | undefined;
  /** The environment's sampling and collection settings (docs/operations.md#web-monitoring). */
  settings: MonitoringConfig;
  /** The page's path (base path included) for a location of the router. */
  pagePath: (routerPath: string) => string;
}
