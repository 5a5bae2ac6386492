import { apiClient, unwrap } from '@/lib/api-client';
import { useInfiniteList } from '@/lib/infinite-list';
import { toListPage, type ListPage, type ListPageRequest } from '@/lib/list-page';
import { invitationKeys } from '../keys';
import type { Invitation } from './get-organization-invitations';

/** POST /invitation/listInProject: one page of the open invitations with an entry for the project (`query`: the e-mail). */
async function getInvitationsInProject(projectId: string, request: ListPageRequest): Promise<ListPage<Invitation>> {
  return toListPage((await unwrap(apiClient.POST('/invitation/listInProject', { body: { ...request, projectId } }))) ?? []);
}

/** The project's open invitations a page at a time, searched by e-mail. */
export function useInvitationsInProject(projectId: string, query: string) {
  return useInfiniteList({
    queryKey: invitationKeys.inProject(projectId, query),
    fetchPage: (request: ListPageRequest) => getInvitationsInProject(projectId, request),
    query,
  });
}
