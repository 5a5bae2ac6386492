import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrapRequired, type ApiPaths } from '@/lib/api-client';
import { invitationKeys } from '../keys';

type InvitationWithOrganization = ApiPaths['/invitation/getByIdWithOrganization']['post']['responses'][200]['content']['application/json'];

/** POST /invitation/getByIdWithOrganization: the invitation and its organization. */
async function getInvitationWithOrganization(invitationId: string): Promise<InvitationWithOrganization> {
  return unwrapRequired(apiClient.POST('/invitation/getByIdWithOrganization', { body: { invitationId } }));
}

function invitationQueryOptions(invitationId: string) {
  return queryOptions({
    queryKey: invitationKeys.detail(invitationId),
    queryFn: () => getInvitationWithOrganization(invitationId),
  });
}

export function useInvitation(invitationId: string) {
  return useQuery(invitationQueryOptions(invitationId));
}
