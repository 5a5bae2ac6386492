import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import { runAsCall, type CallFields } from './call-context';

declare module 'fastify' {
  interface FastifyRequest {
    /** The fields of a logged call (see installRequestLog), which its lines carry. */
    callFields?: CallFields;
  }
}

/**
 * Logs the API's calls, all POSTs whatever their path (routes no call matches included); not the
 * GETs of health checks, called most, and of stored images. Every line written while a call is
 * handled carries its id (`reqId`: the server's request id, which error answers carry as
 * X-Request-Id: the caller's X-Request-Id when it sends one, else generated) and, once the caller's
 * account is known, `accountId` (see logAccount): the call runs in a context of its own, whose
 * fields every logger of the process adds to a line as it writes it (logger-options.ts). The call
 * ends with one line adding the method, the path without its query, the status and the time taken
 * in ms (`responseTime`); a call whose caller hangs up before the whole answer is written ends with
 * 'request aborted' instead (no status: none reached the caller). Neither headers nor the client
 * address are logged. Two server hooks, added before the application's other hooks so that their
 * answers (429, 503) are logged too.
 */
export async function installRequestLog(app: NestFastifyApplication): Promise<void> {
  // The application's logger outside a context of nestjs-pino's (this opens none).
  const log = (await app.resolve(PinoLogger)).logger;
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'POST') {
      done();
      return;
    }
    const fields: CallFields = { reqId: request.id };
    request.callFields = fields;
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished || !log.isLevelEnabled('info')) return;
      log.info({ ...fields, req: loggedRequest(request), responseTime: responseTime(reply) }, 'request aborted');
    });
    runAsCall(fields, done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    // An answer that could not be written (the caller had gone) is told by the 'close' listener.
    const fields = request.callFields;
    if (fields !== undefined && reply.raw.writableFinished && log.isLevelEnabled('info')) {
      const statusCode = reply.statusCode;
      log.info(
        { ...fields, req: loggedRequest(request), res: { statusCode }, responseTime: responseTime(reply) },
        statusCode >= 500 ? 'request errored' : 'request completed',
      );
    }
    done();
  });
}

function loggedRequest(request: FastifyRequest): { method: string; url: string | undefined } {
  return { method: request.method, url: request.url.split('?')[0] };
}

function responseTime(reply: FastifyReply): number {
  return Math.round(reply.elapsedTime);
}

/** Adds the signed-in caller's account id (never the e-mail address) to every further line of the call, its last line included. */
export function logAccount(request: { callFields?: CallFields }, accountId: string): void {
  if (request.callFields !== undefined) request.callFields.accountId = accountId;
}
