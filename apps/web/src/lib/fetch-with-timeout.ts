import { apiTimeoutError } from './api-error';

/**
 * `fetch` that gives up when no answer has begun within `timeoutMs` (an API that accepts the
 * connection and never answers, or a proxy holding the call): the call is aborted and fails with
 * the timeout error. The body, once the answer has begun, is read without a limit.
 */
export function fetchWithTimeout(timeoutMs: number): (request: Request) => Promise<Response> {
  return async (request) => {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    try {
      return await fetch(request, { signal: AbortSignal.any([request.signal, timeout.signal]) });
    } catch (error) {
      throw timeout.signal.aborted ? apiTimeoutError(timeoutMs) : error;
    } finally {
      clearTimeout(timer);
    }
  };
}
