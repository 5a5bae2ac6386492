import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';
import { useInfiniteList } from '@/lib/infinite-list';
import { toListPage, type ListItem, type ListPage, type ListPageRequest } from '@/lib/list-page';
import { organizationKeys } from '../keys';

type MemberAccount = ListItem<ApiPaths['/organization/listMembers']['post']['responses'][200]['content']['application/json']>;

/** POST /organization/listMembers: one page with `limit`, else the first 1,000 members (`query`: name or e-mail). */
async function getOrganizationMembers(organizationId: string, request: Partial<ListPageRequest> = {}): Promise<ListPage<MemberAccount>> {
  return toListPage((await unwrap(apiClient.POST('/organization/listMembers', { body: { ...request, organizationId } }))) ?? []);
}

function organizationMembersQueryOptions(organizationId: string) {
  return queryOptions({ queryKey: organizationKeys.members(organizationId), queryFn: async () => (await getOrganizationMembers(organizationId)).items });
}

/** The organization's members as one list (suggestions, the choices of a filter). */
export function useOrganizationMembers(organizationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...organizationMembersQueryOptions(organizationId), enabled: options.enabled ?? true });
}

/** The organization's members a page at a time, searched by name or e-mail. */
export function useOrganizationMemberPages(organizationId: string, query: string) {
  return useInfiniteList({
    queryKey: organizationKeys.memberPages(organizationId, query),
    fetchPage: (request: ListPageRequest) => getOrganizationMembers(organizationId, request),
    query,
  });
}
