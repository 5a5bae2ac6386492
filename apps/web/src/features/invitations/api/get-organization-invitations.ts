import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';
import { useInfiniteList } from '@/lib/infinite-list';
import { toListPage, type ListItem, type ListPage, type ListPageRequest } from '@/lib/list-page';
import { invitationKeys } from '../keys';

export type Invitation = ListItem<ApiPaths['/invitation/listInOrganization']['post']['responses'][200]['content']['application/json']>;

/** POST /invitation/listInOrganization: one page of the organization's open invitations (`query`: the e-mail). */
async function getInvitationsInOrganization(organizationId: string, request: ListPageRequest): Promise<ListPage<Invitation>> {
  return toListPage((await unwrap(apiClient.POST('/invitation/listInOrganization', { body: { ...request, organizationId } }))) ?? []);
}

/** The organization's open invitations a page at a time, searched by e-mail. */
export function useInvitationsInOrganization(organizationId: string, query: string) {
  return useInfiniteList({
    queryKey: invitationKeys.inOrganization(organizationId, query),
    fetchPage: (request: ListPageRequest) => getInvitationsInOrganization(organizationId, request),
    query,
  });
}
