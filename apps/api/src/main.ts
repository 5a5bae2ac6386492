import './compile-cache';
import { ConfigError, loadConfig } from './config/app-config';
import { startupLog } from './common/logging/startup-logger';
import { startTelemetry } from './common/observability/telemetry';
import { waitForDatabase } from './database/wait-for-database';
import { moduleResolutionUse } from './module-resolutions';
import { Lifecycle } from './modules/health/lifecycle';
import { connectionsEnded, quietMoment, stopAccepting } from './modules/health/stop-accepting';

/**
 * After the listener closed, how long open connections may still bring calls: longer than the web
 * server keeps an idle connection to an instance (keepalive_timeout 4s in console.conf.template),
 * so that it closes them itself instead of meeting a connection closed under a call it sends.
 */
const CONNECTION_GRACE_MS = 5000;
/** The listener closes once no connection came for this long (at most CONNECTION_GRACE_MS after the drain). */
const QUIET_MS = 250;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = startupLog(config.logLevel);
  log.info(`Starting the API (${config.environment})`);
  // Tracing instruments http and pg as they load: before the application's modules.
  const telemetry = await startTelemetry(config.observability);
  // The database first: a start that waits for it says so at once, before loading the application.
  await waitForDatabase(config.databaseUrl, config.startupTimeoutMs, log);
  const { createApp, openApiDocument } = await import('./app.js');
  const app = await createApp(config);
  if (config.environment === 'dev') {
    const document = await openApiDocument(app);
    app.getHttpAdapter().get('/openapi.json', (_request, reply: { send(body: unknown): void }) => reply.send(document));
  }
  await app.listen({ port: config.port, host: config.host });
  // Graceful shutdown (SIGTERM from an orchestrator; an interactive Ctrl-C skips the drain): drain
  // (/readyz 503, serving as before) for SHUTDOWN_DRAIN_MS; then, at a moment when no connection is
  // coming, refuse new connections and answer the calls of open ones with Connection: close until
  // they are gone (at most CONNECTION_GRACE_MS, longer than a proxy keeps an idle connection); then
  // let in-flight calls and workers finish and close the pool.
  const lifecycle = app.get(Lifecycle);
  const server = app.getHttpServer();
  const shutdown = (signal: NodeJS.Signals): void => {
    if (lifecycle.draining) return;
    lifecycle.enter('draining');
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    log.info(`${signal}: draining for ${drainMs} ms, then closing`);
    const graceMs = signal === 'SIGTERM' ? CONNECTION_GRACE_MS : 0;
    setTimeout(() => {
      quietMoment(server, graceMs > 0 ? QUIET_MS : 0, graceMs)
        .then(() => {
          lifecycle.enter('closing');
          stopAccepting(server);
          return connectionsEnded(server, graceMs);
        })
        .then((open) => {
          log.info(`Closing: ${open} idle connection(s) left`);
          lifecycle.enter('stopping');
          return app.close();
        })
        .then(() => telemetry.shutdown())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            process.stderr.write(`API shutdown failed: ${String(error)}\n`);
            process.exit(1);
          },
        );
    }, drainMs);
  };
  // Before the line that says it listens: from then on, a SIGTERM is a graceful stop (until a
  // handler is set, Node's default for it ends the process at once).
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  process.stdout.write(`API listening on ${await app.getUrl()}\n`);
  const resolutions = moduleResolutionUse();
  if (resolutions) {
    log.info(`Module resolutions: ${resolutions.hits} from the image's record of ${resolutions.recorded}, ${resolutions.misses} made anew`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`API failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
