import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';
import { invitationKeys } from '../keys';

export type Invitation = ApiPaths['/invitation/listInOrganization']['post']['responses'][200]['content']['application/json'][number];

/** POST /invitation/listInOrganization: the organization's open invitations. */
async function getInvitationsInOrganization(organizationId: string): Promise<Invitation[]> {
  return (await unwrap(apiClient.POST('/invitation/listInOrganization', { body: { organizationId } }))) ?? [];
}

function invitationsInOrganizationQueryOptions(organizationId: string) {
  return queryOptions({ queryKey: invitationKeys.inOrganization(organizationId), queryFn: () => getInvitationsInOrganization(organizationId) });
}

export function useInvitationsInOrganization(organizationId: string) {
  return useQuery(invitationsInOrganizationQueryOptions(organizationId));
}
