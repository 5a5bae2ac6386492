import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';
import { systemAdminKeys } from '../keys';

export type AdminAccount = ApiPaths['/systemAdmin/account/list']['post']['responses'][200]['content']['application/json'][number];

/** POST /systemAdmin/account/list. */
async function getAccounts(): Promise<AdminAccount[]> {
  return (await unwrap(apiClient.POST('/systemAdmin/account/list'))) ?? [];
}

function accountsQueryOptions() {
  return queryOptions({ queryKey: systemAdminKeys.accounts(), queryFn: getAccounts });
}

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}
