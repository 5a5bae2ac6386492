import { RequestMethod } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { LoggerOptions, SerializedRequest, SerializedResponse } from 'pino';
import { redactPersonalData } from './redact';

/**
 * The bound values of a failed query (personal data) in a logged error. Tokens and e-mail
 * addresses anywhere else are replaced in the written line (redactPersonalData): paths with
 * wildcards would cost every request logger, whose bindings pino redacts as it creates them.
 */
const REDACTED_PATHS = ['err.parameters'];

/**
 * The options of every pino logger of the process: JSON lines at `level`, without the values of
 * failed queries, and with e-mail addresses and tokens replaced in whatever is written (messages
 * and errors may quote them).
 */
export function pinoOptions(level: string): LoggerOptions {
  return { level, redact: REDACTED_PATHS, hooks: { streamWrite: redactPersonalData } };
}

/**
 * The request-aware logger: every line written while a request is handled carries its id (`reqId`,
 * the X-Request-Id the API answers with) and, once the caller's account is known, `accountId` (see
 * AccountLogContext); the completion line adds the method, the path without its query and the
 * status. Neither headers nor the client address are logged.
 */
export function loggerParams(level: string): Params {
  return {
    pinoHttp: {
      ...pinoOptions(level),
      genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : randomUUID()),
      quietReqLogger: true,
      serializers: {
        req: (req: SerializedRequest) => ({ method: req.method, url: req.url.split('?')[0] }),
        res: (res: SerializedResponse) => ({ statusCode: res.statusCode }),
      },
    },
    // The API's calls, all POSTs, whatever their path (the module's default pattern matches none
    // with the Fastify adapter); not the GETs of health checks, called most, and of stored images.
    forRoutes: [{ path: '/{*path}', method: RequestMethod.POST }],
    // The fields AccountLogContext assigns go to the completion line too.
    assignResponse: true,
  };
}
