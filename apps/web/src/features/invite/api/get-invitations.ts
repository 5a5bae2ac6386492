import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';

export type Invitation = ApiPaths['/invitation/listInOrganization']['post']['responses'][200]['content']['application/json'][number];

export const invitationKeys = {
  all: ['invitations'] as const,
  inOrganization: (organizationId: string) => ['invitations', 'inOrganization', organizationId] as const,
  inProject: (projectId: string) => ['invitations', 'inProject', projectId] as const,
};

/** POST /invitation/listInOrganization: the organization's open invitations. */
export async function getInvitationsInOrganization(organizationId: string): Promise<Invitation[]> {
  return (await unwrap(apiClient.POST('/invitation/listInOrganization', { body: { organizationId } }))) ?? [];
}

/** POST /invitation/listInProject: open invitations with an entry for the project. */
export async function getInvitationsInProject(projectId: string): Promise<Invitation[]> {
  return (await unwrap(apiClient.POST('/invitation/listInProject', { body: { projectId } }))) ?? [];
}

export function invitationsInOrganizationQueryOptions(organizationId: string) {
  return queryOptions({ queryKey: invitationKeys.inOrganization(organizationId), queryFn: () => getInvitationsInOrganization(organizationId) });
}

export function invitationsInProjectQueryOptions(projectId: string) {
  return queryOptions({ queryKey: invitationKeys.inProject(projectId), queryFn: () => getInvitationsInProject(projectId) });
}

export function useInvitationsInOrganization(organizationId: string) {
  return useQuery(invitationsInOrganizationQueryOptions(organizationId));
}

export function useInvitationsInProject(projectId: string) {
  return useQuery(invitationsInProjectQueryOptions(projectId));
}
