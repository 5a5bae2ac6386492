import type { QueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import { accountKeys } from '../keys';
import type { Account } from './get-account';

/** POST /account/create: creates the account of the signed-in identity (after sign-up), in the language shown. */
async function createAccount(): Promise<Account> {
  return unwrapRequired(apiClient.POST('/account/create', { body: { locale: currentLocale() } }));
}

/** Creates the account and stores it in the cache under the user's account key (docs/product-rules.md#states). */
export async function createAndCacheAccount(uid: string, client: QueryClient = defaultQueryClient): Promise<Account> {
  const key = accountKeys.current(uid);
  const account = await createAccount();
  // An /account/get still in flight may have been answered before the account existed: drop it
  // so that it cannot overwrite the new account with null.
  await client.cancelQueries({ queryKey: key });
  client.setQueryData(key, account);
  return account;
}
