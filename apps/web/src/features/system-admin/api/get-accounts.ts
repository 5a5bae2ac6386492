import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';

export type AdminAccount = ApiPaths['/systemAdmin/account/list']['post']['responses'][200]['content']['application/json'][number];

export const systemAdminKeys = {
  all: ['systemAdmin'] as const,
  accounts: () => ['systemAdmin', 'accounts'] as const,
  organizations: () => ['systemAdmin', 'organizations'] as const,
  projects: () => ['systemAdmin', 'projects'] as const,
};

/** POST /systemAdmin/account/list. */
export async function getAccounts(): Promise<AdminAccount[]> {
  return (await unwrap(apiClient.POST('/systemAdmin/account/list'))) ?? [];
}

export function accountsQueryOptions() {
  return queryOptions({ queryKey: systemAdminKeys.accounts(), queryFn: getAccounts });
}

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}
