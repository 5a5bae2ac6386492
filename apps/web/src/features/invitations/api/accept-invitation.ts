import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { accountKeys } from '@/features/account/api/get-account';
import { organizationKeys } from '@/features/organizations/api/get-organizations-of-account';
import { projectKeys } from '@/features/projects/api/get-projects-in-account';
import { invitationKeys } from './get-invitation';

/** POST /invitation/accept: adds the invited membership to the account. */
export async function acceptInvitation(invitationId: string): Promise<void> {
  await apiClient.POST('/invitation/accept', { body: { invitationId } });
}

export function useAcceptInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async (_data, invitationId) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: accountKeys.all }),
        client.invalidateQueries({ queryKey: organizationKeys.all }),
        client.invalidateQueries({ queryKey: projectKeys.all }),
        client.invalidateQueries({ queryKey: invitationKeys.detail(invitationId) }),
      ]);
    },
  });
}
