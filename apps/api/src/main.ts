import { ConfigError, loadConfig } from './config/app-config';
import { createApp, openApiDocument } from './app';

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
  const app = await createApp(config);
  if (config.environment === 'dev') {
    const document = openApiDocument(app);
    app.getHttpAdapter().get('/openapi.json', (_request, reply: { send(body: unknown): void }) => reply.send(document));
  }
  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(`API listening on ${await app.getUrl()}\n`);
  // Graceful shutdown: stop accepting requests, let in-flight ones and workers finish, close the pool.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`API shutdown failed: ${String(error)}\n`);
          process.exit(1);
        },
      );
    });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`API failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
