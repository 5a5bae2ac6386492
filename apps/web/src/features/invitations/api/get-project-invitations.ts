import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { invitationKeys } from '../keys';
import type { Invitation } from './get-organization-invitations';

/** POST /invitation/listInProject: open invitations with an entry for the project. */
async function getInvitationsInProject(projectId: string): Promise<Invitation[]> {
  return (await unwrap(apiClient.POST('/invitation/listInProject', { body: { projectId } }))) ?? [];
}

function invitationsInProjectQueryOptions(projectId: string) {
  return queryOptions({ queryKey: invitationKeys.inProject(projectId), queryFn: () => getInvitationsInProject(projectId) });
}

export function useInvitationsInProject(projectId: string) {
  return useQuery(invitationsInProjectQueryOptions(projectId));
}
