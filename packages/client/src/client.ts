import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './api-schema';

/** The header of a service credential's secret (docs/integration.md#credentials-and-scopes). */
export const SERVICE_SECRET_HEADER = 'X-Console-Subsystem-Key';

/** Every call of the console's API, generated from apps/api/openapi.json. */
export type ConsolePaths = paths;
export type ConsoleSchemas = components['schemas'];
export type ConsoleClient = Client<paths>;

export interface ConsoleClientOptions {
  /** The API's base URL, e.g. `https://console.example.jp/api`. */
  baseUrl: string;
  /** The product's service credential secret (`csk_…`). */
  secret: string;
  /** Milliseconds a call may take before it is aborted (default 10 s). */
  timeoutMs?: number;
}

/**
 * A typed client of the console's API (openapi-fetch) that presents the product's service
 * credential on every call: `client.POST('/service/membership/get', { body: { projectId, accountId } })`
 * answers `{ data }` typed by the OpenAPI document, or `{ error }` (`{ name, errorCode, message }`)
 * with `response.status`.
 */
export function createConsoleClient({ baseUrl, secret, timeoutMs = 10_000 }: ConsoleClientOptions): ConsoleClient {
  const client = createClient<paths>({ baseUrl: baseUrl.replace(/\/+$/, '') });
  client.use({
    onRequest({ request }) {
      request.headers.set(SERVICE_SECRET_HEADER, secret);
      return new Request(request, { signal: AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]) });
    },
  });
  return client;
}
