import type { Params } from 'nestjs-pino';
import { pino, type DestinationStream, type LoggerOptions } from 'pino';
import { callFields } from './call-context';
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
 * and errors may quote them). A line written while a call is handled carries the call's fields
 * (call-context.ts), added as the line is written: no logger is made per call, whose bindings pino
 * would serialize as it made it, for a call that may write no line at all.
 */
export function pinoOptions(level: string): LoggerOptions {
  return { level, redact: REDACTED_PATHS, hooks: { streamWrite: redactPersonalData }, mixin: callFields };
}

let destination: DestinationStream | undefined;

/**
 * Standard output, written asynchronously by every logger of the process: lines logged while a
 * write is in progress go out together with the next one, instead of one blocking write per line
 * (a synchronous write per call took more of the event loop's time than the call itself). pino
 * writes what is pending as the process exits; a crash (SIGKILL) loses the lines not yet written.
 */
export function logDestination(): DestinationStream {
  destination ??= pino.destination({ dest: 1, sync: false });
  return destination;
}

/**
 * The application's logger (Nest's, through pino): lines written while a call is handled carry its
 * fields (pinoOptions), and installRequestLog writes the call's completion line; the module's
 * request-logging middleware is mounted on no route.
 */
export function loggerParams(level: string): Params {
  return { pinoHttp: [{ ...pinoOptions(level), wrapSerializers: false }, logDestination()], forRoutes: [] };
}
