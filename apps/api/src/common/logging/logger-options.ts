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

/** The bytes of lines held before they are written together. */
const LOG_BUFFER_BYTES = 4096;
/** How long a line may wait in that buffer at most (about: one timer tick more). */
const LOG_FLUSH_INTERVAL_MS = 100;

/**
 * Standard output, shared by every logger of the process and written asynchronously in batches:
 * lines are held until {@link LOG_BUFFER_BYTES} are, or until the next flush, every
 * {@link LOG_FLUSH_INTERVAL_MS} while any byte is not yet written (no write while none is; one write
 * per call took a tenth of a hot call's CPU: docs/operations.md#hot-calls-and-the-deployments-node-options).
 * A flush does nothing while a write is under way (a reader slower than the process, a full pipe),
 * and what was logged meanwhile stays held once that write is done if it is under the batch's size:
 * the next flushes write it. pino writes what is pending as the process exits; a crash (SIGKILL)
 * loses the lines not yet written.
 */
export function logDestination(): DestinationStream {
  if (destination) return destination;
  const stream = pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES });
  /** Bytes handed to the stream and not yet written (as the stream counts them: UTF-8). */
  let unwritten = 0;
  stream.on('write', (bytes: number) => {
    unwritten -= bytes;
  });
  setInterval(() => {
    if (unwritten > 0) stream.flush();
  }, LOG_FLUSH_INTERVAL_MS).unref();
  destination = {
    write(line: string) {
      unwritten += Buffer.byteLength(line);
      return stream.write(line);
    },
  };
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
