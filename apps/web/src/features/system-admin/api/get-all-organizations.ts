import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';
import { useInfiniteList } from '@/lib/infinite-list';
import { toListPage, type ListItem, type ListPage, type ListPageRequest } from '@/lib/list-page';
import { systemAdminKeys } from '../keys';

type AdminOrganization = ListItem<ApiPaths['/system-admin/organization/listAll']['post']['responses'][200]['content']['application/json']>;

/** POST /system-admin/organization/listAll: one page with `limit`, else the first 1,000 organizations (`query`: the name). */
async function getAllOrganizations(request: Partial<ListPageRequest> = {}): Promise<ListPage<AdminOrganization>> {
  return toListPage((await unwrap(apiClient.POST('/system-admin/organization/listAll', { body: request }))) ?? []);
}

function allOrganizationsQueryOptions() {
  return queryOptions({ queryKey: systemAdminKeys.organizations(), queryFn: async () => (await getAllOrganizations()).items });
}

/** Every organization as one list (the choices of a filter). */
export function useAllOrganizations() {
  return useQuery(allOrganizationsQueryOptions());
}

/** Every organization a page at a time, searched by name. */
export function useOrganizationPages(query: string) {
  return useInfiniteList({ queryKey: systemAdminKeys.organizationPages(query), fetchPage: getAllOrganizations, query });
}
