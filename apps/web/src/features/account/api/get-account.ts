import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type Schemas } from '@/lib/api-client';
import { accountKeys } from '../keys';

export type Account = Schemas['AccountResponse'];

/** Account query settings of docs/product-rules.md#limits: fresh 5 min, kept 10 min, no retry, no refetch on focus. */
export const ACCOUNT_STALE_TIME_MS = 5 * 60 * 1000;
export const ACCOUNT_GC_TIME_MS = 10 * 60 * 1000;

/** POST /account/get: the signed-in user's account, or null when none exists yet. */
async function getAccount(): Promise<Account | null> {
  return unwrap(apiClient.POST('/account/get'));
}

export function accountQueryOptions(uid: string | undefined) {
  return queryOptions({
    queryKey: accountKeys.current(uid),
    queryFn: getAccount,
    staleTime: ACCOUNT_STALE_TIME_MS,
    gcTime: ACCOUNT_GC_TIME_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useAccountQuery(uid: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({ ...accountQueryOptions(uid), enabled: options.enabled ?? uid !== undefined });
}
