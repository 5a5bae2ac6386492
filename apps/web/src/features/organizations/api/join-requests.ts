import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap, unwrapRequired, type ApiPaths } from '@/lib/api-client';
import { useInfiniteList } from '@/lib/infinite-list';
import { toListPage, type ListItem, type ListPage, type ListPageRequest } from '@/lib/list-page';
import { organizationKeys } from '../keys';

/** The join requests' keys, under the organization's (a change of its memberships reads them again). */
const joinRequestKeys = {
  pages: (id: string, filter: JoinRequestFilter) => [...organizationKeys.detail(id), 'joinRequests', 'pages', filter] as const,
  pendingCount: (id: string) => [...organizationKeys.detail(id), 'joinRequests', 'pendingCount'] as const,
};

export type JoinRequest = ListItem<ApiPaths['/organization/joinRequest/list']['post']['responses'][200]['content']['application/json']>;
export type JoinRequestFilter = 'pending' | 'all';

/** POST /organization/joinRequest/list: one page of the organization's join requests, newest first (only the pending ones when asked). */
async function getJoinRequests(organizationId: string, filter: JoinRequestFilter, request: ListPageRequest): Promise<ListPage<JoinRequest>> {
  const body = { ...request, organizationId, ...(filter === 'pending' ? { status: 'pending' as const } : {}) };
  return toListPage((await unwrap(apiClient.POST('/organization/joinRequest/list', { body }))) ?? []);
}

/** The organization's join requests a page at a time (organization admins). */
export function useJoinRequestPages(organizationId: string, filter: JoinRequestFilter) {
  return useInfiniteList({
    queryKey: joinRequestKeys.pages(organizationId, filter),
    fetchPage: (request) => getJoinRequests(organizationId, filter, request),
    query: '',
  });
}

/** POST /organization/joinRequest/countPending: how many join requests wait for an admin. */
export function usePendingJoinRequestCount(organizationId: string) {
  return useQuery({
    queryKey: joinRequestKeys.pendingCount(organizationId),
    queryFn: async () => (await unwrapRequired(apiClient.POST('/organization/joinRequest/countPending', { body: { organizationId } }))).count,
  });
}

/** POST /organization/joinRequest/approve or /decline; the requests, the count and the members are read again. */
export function useDecideJoinRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, ...body }: { organizationId: string; joinRequestId: string; decision: 'approve' | 'decline' }) =>
      unwrapRequired(apiClient.POST(decision === 'approve' ? '/organization/joinRequest/approve' : '/organization/joinRequest/decline', { body })),
    onSettled: (_request, _error, input) => client.invalidateQueries({ queryKey: organizationKeys.detail(input.organizationId) }),
  });
}
