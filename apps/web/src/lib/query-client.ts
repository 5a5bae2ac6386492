import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isClientError } from './api-error';

/** Data fetching defaults of docs/product-rules.md#limits. */
const QUERY_RETRY_COUNT = 3;
const QUERY_RETRY_BASE_DELAY_MS = 1_000;
const QUERY_RETRY_MAX_DELAY_MS = 30_000;
const QUERY_GC_TIME_MS = 5 * 60 * 1000;

/** 1 s, 2 s, 4 s, … capped at 30 s. */
export function retryDelay(failureCount: number): number {
  return Math.min(QUERY_RETRY_BASE_DELAY_MS * 2 ** failureCount, QUERY_RETRY_MAX_DELAY_MS);
}

/** Up to 3 retries; a 4xx answer is final (retrying cannot change it). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_RETRY_COUNT && !isClientError(error);
}

export const queryDefaults: DefaultOptions = {
  queries: {
    retry: shouldRetry,
    retryDelay,
    gcTime: QUERY_GC_TIME_MS,
    staleTime: 0,
  },
  mutations: {
    retry: false,
  },
};

function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}

export const queryClient = createQueryClient();
