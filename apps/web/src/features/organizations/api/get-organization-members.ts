import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '@console/domain';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';
import { useInfiniteList } from '@/lib/infinite-list';
import { toListPage, type ListItem, type ListPage, type ListPageRequest } from '@/lib/list-page';
import { organizationKeys } from '../keys';

type MemberAccount = ListItem<ApiPaths['/organization/listMembers']['post']['responses'][200]['content']['application/json']>;

/** How many members an invite suggestion list offers for what is typed (the list scrolls; typing more narrows it). */

/**
 * POST /organization/listMembers: one page with `limit`, else the first 1,000 members (`query`:
 * name or e-mail; `notInProjectId`: not the members of that project).
 */
async function getOrganizationMembers(
  organizationId: string,
  request: Partial<ListPageRequest> & { notInProjectId?: string } = {},
): Promise<ListPage<MemberAccount>> {
  return toListPage((await unwrap(apiClient.POST('/organization/listMembers', { body: { ...request, organizationId } }))) ?? []);
}

function organizationMembersQueryOptions(organizationId: string) {
  return queryOptions({ queryKey: organizationKeys.members(organizationId), queryFn: async () => (await getOrganizationMembers(organizationId)).items });
}

/** The organization's members as one list (suggestions, the choices of a filter). */
export function useOrganizationMembers(organizationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...organizationMembersQueryOptions(organizationId), enabled: options.enabled ?? true });
}

/**
 * Whom to suggest inviting into a project: the organization's members not in it whose name or
 * e-mail contains `query`, searched on the server (the first {@link LIST_PAGE_SIZE}); the last
 * answer stays while the next is on its way.
 */
export function useInviteSuggestions(organizationId: string, projectId: string, query: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: organizationKeys.membersNotInProject(organizationId, projectId, query),
    queryFn: async () =>
      (await getOrganizationMembers(organizationId, { limit: LIST_PAGE_SIZE, query, notInProjectId: projectId })).items.map((m) => ({
        email: m.email,
        name: m.name,
      })),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/** The organization's members a page at a time, searched by name or e-mail. */
export function useOrganizationMemberPages(organizationId: string, query: string) {
  return useInfiniteList({
    queryKey: organizationKeys.memberPages(organizationId, query),
    fetchPage: (request: ListPageRequest) => getOrganizationMembers(organizationId, request),
    query,
  });
}
