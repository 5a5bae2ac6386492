import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrapRequired, type ApiPaths } from '@/lib/api-client';

export type InvitationWithOrganization = ApiPaths['/invitation/getByIdWithOrganization']['post']['responses'][200]['content']['application/json'];

export const invitationKeys = {
  all: ['invitations'] as const,
  detail: (id: string) => ['invitations', 'detail', id] as const,
};

/** POST /invitation/getByIdWithOrganization: the invitation and its organization. */
export async function getInvitationWithOrganization(invitationId: string): Promise<InvitationWithOrganization> {
  return unwrapRequired(apiClient.POST('/invitation/getByIdWithOrganization', { body: { invitationId } }));
}

export function invitationQueryOptions(invitationId: string) {
  return queryOptions({
    queryKey: invitationKeys.detail(invitationId),
    queryFn: () => getInvitationWithOrganization(invitationId),
  });
}

export function useInvitation(invitationId: string) {
  return useQuery(invitationQueryOptions(invitationId));
}
