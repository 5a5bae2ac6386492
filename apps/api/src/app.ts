import 'reflect-metadata';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { DomainError, IMAGE_MAX_BYTES } from '@console/domain';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import { AppModule } from './app.module';
import { answerClientError } from './common/http/client-error';
import { guardRequestBodies } from './common/http/request-body';
import { lazySchemaCompilers } from './common/http/schema-compilers';
import { installSecurityHeaders } from './common/http/security-headers';
import { applyOpenApiDecorators } from './common/openapi/decorators';
import { completeOpenApiDocument } from './common/openapi/document';
import { installRequestLog } from './common/logging/request-log';
import { StartupLogger, startupLog } from './common/logging/startup-logger';
import { nameSpansAfterRoutes } from './common/observability/tracing';
import { RateLimiter } from './common/rate-limit/rate-limiter';
import type { AppConfig } from './config/app-config';
import { HealthChecks } from './modules/health/health-checks';
import { Lifecycle } from './modules/health/lifecycle';
import { Metrics } from './modules/metrics/metrics';

const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** Builds the API application (not yet listening). */
export async function createApp(config: AppConfig, options: { logger?: boolean } = {}): Promise<NestFastifyApplication> {
  // The security headers of every answer, known once installed below (before the server listens).
  let securityHeaders: readonly [string, string][] = [];
  const adapter = new FastifyAdapter({
    bodyLimit: MAX_JSON_BODY_BYTES,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) =>
      typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : randomUUID(),
    trustProxy: config.trustedProxies,
    // On close (after the drain period, see main.ts): end idle keep-alive connections, let
    // in-flight requests finish.
    forceCloseConnections: 'idle',
    // A call arriving while closing answers 503 with the error body (the hook below).
    return503OnClosing: false,
    // A request the HTTP parser refuses (a control byte in a header) answers the error body too.
    clientErrorHandler: (error, socket) => answerClientError(error, socket, securityHeaders),
    schemaController: { compilersFactory: lazySchemaCompilers() },
  });
  // Bootstrap messages are written as they happen, not held until the application is up.
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    // The bytes of JSON and form bodies, which guardRequestBodies checks are UTF-8.
    rawBody: true,
    logger: options.logger === false ? false : new StartupLogger(startupLog(config.logLevel)),
  });
  if (options.logger !== false) app.useLogger(app.get(Logger));
  await installRequestLog(app);
  // First of the answering hooks, so that every answer carries them, the 503 of the hook below included.
  securityHeaders = installSecurityHeaders(app, config);
  guardRequestBodies(app, MAX_JSON_BODY_BYTES);
  const lifecycle = app.get(Lifecycle);
  // Once the instance no longer accepts connections, every answer closes its connection, so that
  // keep-alive clients move to another instance instead of meeting a closed socket: those of calls
  // that came before (marked as they are sent) as well as those that come after.
  const closingConnections = (): boolean => lifecycle.phase === 'closing' || lifecycle.phase === 'stopping';
  adapter.getInstance().addHook('onRequest', (_request, reply, done) => {
    if (closingConnections()) void reply.header('connection', 'close');
    done(lifecycle.phase === 'stopping' ? new DomainError('SERVICE_UNAVAILABLE') : undefined);
  });
  adapter.getInstance().addHook('onSend', (_request, reply, payload, done) => {
    if (closingConnections()) void reply.header('connection', 'close');
    done(null, payload);
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10 } });
  // After the cookie parser: the per-IP limit tells anonymous calls by their missing token or session cookie.
  await app.get(RateLimiter).install(adapter.getInstance());
  await app.get(Metrics).install(adapter.getInstance());
  app.get(HealthChecks).install(adapter.getInstance());
  if (config.observability.otlpEndpoint !== undefined) await nameSpansAfterRoutes(adapter.getInstance());
  return app;
}

/** The OpenAPI document of the application's controllers (loads @nestjs/swagger: common/openapi/decorators.ts). */
export async function openApiDocument(app: NestFastifyApplication): Promise<OpenAPIObject> {
  const { DocumentBuilder, SwaggerModule } = await applyOpenApiDecorators();
  const config = new DocumentBuilder()
    .setTitle('Console API')
    .setDescription('Accounts, organizations, projects, invitations and sessions of the console. Every call is a POST with JSON.')
    .setVersion('1.0.0')
    .build();
  return completeOpenApiDocument(SwaggerModule.createDocument(app, config, { operationIdFactory: (_controller, method) => method }), app);
}
