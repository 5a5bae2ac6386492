import { ConfigError, loadConfig } from './config/app-config';
import { createApp, openApiDocument } from './app';
import { startupLog } from './common/logging/startup-logger';
import { waitForDatabase } from './database/wait-for-database';
import { Lifecycle } from './modules/health/lifecycle';

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
  await waitForDatabase(config.databaseUrl, config.startupTimeoutMs, log);
  const app = await createApp(config);
  if (config.environment === 'dev') {
    const document = openApiDocument(app);
    app.getHttpAdapter().get('/openapi.json', (_request, reply: { send(body: unknown): void }) => reply.send(document));
  }
  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(`API listening on ${await app.getUrl()}\n`);
  // Graceful shutdown: /readyz answers 503 and responses close their connections at once; after the
  // drain period (SIGTERM, from an orchestrator; none on an interactive Ctrl-C) the server stops
  // accepting requests, lets in-flight ones and workers finish and closes the pool.
  const lifecycle = app.get(Lifecycle);
  const shutdown = (signal: NodeJS.Signals): void => {
    if (lifecycle.draining) return;
    lifecycle.startDraining();
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    log.info(`${signal}: draining for ${drainMs} ms, then closing`);
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`API shutdown failed: ${String(error)}\n`);
          process.exit(1);
        },
      );
    }, drainMs);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`API failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
