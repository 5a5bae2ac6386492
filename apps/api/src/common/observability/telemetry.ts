import type { ObservabilityConfig } from '../../config/app-config';
import { startErrorReporting } from './error-reporting';
import { startTracing } from './tracing';

export interface Telemetry {
  /** Sends what tracing and error reporting still hold, then stops them. */
  shutdown(): Promise<void>;
}

/**
 * Starts what is configured of tracing (OTEL_EXPORTER_OTLP_ENDPOINT) and error reporting
 * (SENTRY_DSN), before the application's modules load; with neither, nothing is loaded or started.
 */
export async function startTelemetry(settings: ObservabilityConfig): Promise<Telemetry> {
  const tracing = settings.otlpEndpoint === undefined ? undefined : await startTracing(settings.otlpEndpoint, settings.serviceName);
  const reporting =
    settings.sentryDsn === undefined
      ? undefined
      : await startErrorReporting({
          dsn: settings.sentryDsn,
          environment: settings.sentryEnvironment,
          release: settings.sentryRelease,
          activeSpan: tracing?.activeSpan,
        });
  return {
    async shutdown() {
      await Promise.all([tracing?.shutdown(), reporting?.close()]);
    },
  };
}
