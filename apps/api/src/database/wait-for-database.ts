import type { Logger } from 'pino';
import { Client } from 'pg';

/** host:port/database of a postgres:// URL, without the credentials. */
function databaseAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

const ATTEMPT_TIMEOUT_MS = 5000;
const PAUSE_MS = 1000;

/**
 * Waits until Postgres at `url` accepts a connection, logging every failed attempt with the
 * address it waits for; throws after `timeoutMs` with the last error.
 */
export async function waitForDatabase(url: string, timeoutMs: number, log: Logger): Promise<void> {
  const address = databaseAddress(url);
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt += 1) {
    const remaining = deadline - Date.now();
    const client = new Client({ connectionString: url, connectionTimeoutMillis: Math.max(100, Math.min(ATTEMPT_TIMEOUT_MS, remaining)) });
    try {
      await client.connect();
      await client.end();
      log.info(`Postgres at ${address} accepts connections`);
      return;
    } catch (error) {
      const reason = error instanceof Error ? error.message || error.constructor.name : String(error);
      if (Date.now() + PAUSE_MS >= deadline) {
        throw new Error(`Postgres at ${address} did not accept a connection within ${timeoutMs} ms (${attempt} attempts); last error: ${reason}`, {
          cause: error,
        });
      }
      log.warn(`Waiting for Postgres at ${address} (attempt ${attempt}): ${reason}`);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  }
}
