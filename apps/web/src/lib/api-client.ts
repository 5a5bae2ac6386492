import createClient, { type Middleware } from 'openapi-fetch';
import { env } from '@/config/env';
import type { ConsolePaths, ConsoleSchemas } from '@console/client';
import { apiErrorFromBody, type ApiError } from './api-error';
import { fetchWithTimeout } from './fetch-with-timeout';
import { currentIdToken } from './firebase';
import { currentLocale } from './i18n';

/** Every call of the API, generated from apps/api/openapi.json (the types @console/client generates for sibling products). */
export type ApiPaths = ConsolePaths;
export type Schemas = ConsoleSchemas;

/** Adds `Authorization: Bearer <ID token>` when somebody is signed in. */
const authMiddleware: Middleware = {
  async onRequest({ request }) {
    const token = await currentIdToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
};

/** Asks for the messages in the language the console shows (`Accept-Language`). */
const languageMiddleware: Middleware = {
  onRequest({ request }) {
    request.headers.set('Accept-Language', currentLocale());
    return request;
  },
};

type ApiErrorListener = (error: ApiError) => void;
const errorListeners = new Set<ApiErrorListener>();

/**
 * Calls `listener` with the error of every non-OK answer, whatever the caller does with it (the
 * app shows a call refused for too many requests in a toast). Returns the unsubscribe function.
 */
export function onApiError(listener: ApiErrorListener): () => void {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
}

/** A non-OK response becomes an ApiError (product error when the body is the product's), told to the listeners, then thrown. */
const errorMiddleware: Middleware = {
  async onResponse({ response }) {
    if (response.ok) return undefined;
    let body: unknown = undefined;
    try {
      body = await response.clone().json();
    } catch {
      /* not JSON */
    }
    const error = apiErrorFromBody(response.status, body);
    for (const listener of errorListeners) listener(error);
    throw error;
  },
};

/** Every call fails as timed out when the API has not begun to answer within the configured time (10 s by default). */
export const apiClient = createClient<ApiPaths>({ baseUrl: env.apiBaseUrl, credentials: 'include', fetch: fetchWithTimeout(env.apiTimeoutMs) });
apiClient.use(authMiddleware, languageMiddleware, errorMiddleware);

/**
 * The data of a call whose errors the middleware already turned into exceptions. An empty body
 * (e.g. a handler that answered null) becomes null.
 */
export async function unwrap<T>(call: Promise<{ data?: T; response: Response }>): Promise<T | null> {
  const { data } = await call;
  return data ?? null;
}

/** Like {@link unwrap} for calls that always answer a body. */
export async function unwrapRequired<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data, response } = await call;
  if (data === undefined || data === null) throw apiErrorFromBody(response.status === 200 ? 502 : response.status, undefined);
  return data;
}
