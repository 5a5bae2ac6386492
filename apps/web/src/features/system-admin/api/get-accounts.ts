import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';
import { useInfiniteList } from '@/lib/infinite-list';
import { toListPage, type ListItem, type ListPage, type ListPageRequest } from '@/lib/list-page';
import { systemAdminKeys } from '../keys';

export type AdminAccount = ListItem<ApiPaths['/systemAdmin/account/list']['post']['responses'][200]['content']['application/json']>;

/** POST /systemAdmin/account/list: one page with `limit`, else the first 1,000 accounts (`query`: name or e-mail). */
async function getAccounts(request: Partial<ListPageRequest> = {}): Promise<ListPage<AdminAccount>> {
  return toListPage((await unwrap(apiClient.POST('/systemAdmin/account/list', { body: request }))) ?? []);
}

function accountsQueryOptions() {
  return queryOptions({ queryKey: systemAdminKeys.accounts(), queryFn: async () => (await getAccounts()).items });
}

/** The accounts as one list (the choices of a filter). */
export function useAccounts() {
  return useQuery(accountsQueryOptions());
}

/** The accounts a page at a time, searched by name or e-mail. */
export function useAccountPages(query: string) {
  return useInfiniteList({ queryKey: systemAdminKeys.accountPages(query), fetchPage: getAccounts, query });
}
