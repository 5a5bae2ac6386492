import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';

/** What PinoLogger hands out within a call's logging context. */
type CallLog = Logger<string>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The logger of a logged call (see installRequestLog): its lines carry the call's id. */
    callLog?: CallLog;
  }
}

/**
 * Logs the API's calls, all POSTs whatever their path (routes no call matches included); not the
 * GETs of health checks, called most, and of stored images. Every line written while a call is
 * handled carries its id (`reqId`: the server's request id, which error answers carry as
 * X-Request-Id: the caller's X-Request-Id when it sends one, else generated) and, once the caller's
 * account is known, `accountId` (see logAccount). The call ends with one line adding the method,
 * the path without its query, the status and the time taken in ms (`responseTime`); a call whose
 * caller hangs up before the whole answer is written ends with 'request aborted' instead (no
 * status: none reached the caller). Neither headers nor the client address are logged.
 * Two server hooks, added before the application's other hooks so that their answers (429, 503) are logged too.
 */
export async function installRequestLog(app: NestFastifyApplication): Promise<void> {
  const context = await app.resolve(PinoLogger);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'POST') {
      done();
      return;
    }
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) return;
      request.callLog?.info({ req: loggedRequest(request), responseTime: Math.round(reply.elapsedTime) }, 'request aborted');
    });
    // Lines written through Nest's logger within the call go to the call's logger.
    context.runInContext(
      () => {
        request.callLog = context.logger;
        done();
      },
      { bindings: { reqId: request.id } },
    );
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    // An answer that could not be written (the caller had gone) is told by the 'close' listener.
    if (reply.raw.writableFinished) {
      const statusCode = reply.statusCode;
      request.callLog?.info(
        { req: loggedRequest(request), res: { statusCode }, responseTime: Math.round(reply.elapsedTime) },
        statusCode >= 500 ? 'request errored' : 'request completed',
      );
    }
    done();
  });
}

function loggedRequest(request: { method: string; url: string }): { method: string; url: string | undefined } {
  return { method: request.method, url: request.url.split('?')[0] };
}

/** Adds the signed-in caller's account id (never the e-mail address) to every further line of the call, its last line included. */
export function logAccount(request: { callLog?: CallLog }, accountId: string): void {
  request.callLog?.setBindings({ accountId });
}
