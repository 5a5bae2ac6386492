import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import { logDestination, pinoOptions } from './logger-options';

/** The pino logger of the process before the application's own (request-aware) logger is installed. */
export function startupLog(level: string): Logger {
  return pino(pinoOptions(level), logDestination());
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Writes Nest's bootstrap messages (module initialisation, database connection retries) through
 * pino at once, in the same JSON lines as the rest of the log, instead of buffering them until
 * the application is up.
 */
export class StartupLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  /** Nest passes the context last and, for errors, a stack before it. */
  private write(level: Level, message: unknown, params: unknown[]): void {
    const context = typeof params.at(-1) === 'string' ? (params.at(-1) as string) : undefined;
    const stack = params.length > 1 && typeof params[0] === 'string' ? params[0] : undefined;
    if (message instanceof Error) this.pino[level]({ context, err: message }, message.message);
    else this.pino[level]({ context, stack }, typeof message === 'string' ? message : JSON.stringify(message));
  }
}
