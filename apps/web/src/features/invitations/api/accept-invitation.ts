import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '@/features/account';
import { apiClient } from '@/lib/api-client';
import { invitationKeys } from '../keys';

/** POST /invitation/accept: adds the invited membership to the account. */
async function acceptInvitation(invitationId: string): Promise<void> {
  await apiClient.POST('/invitation/accept', { body: { invitationId } });
}

/**
 * Accepts the invitation: the account (with its organizations and projects, kept under its key)
 * and the invitations (this one is no longer open) are fetched again.
 */
export function useAcceptInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: accountKeys.all }), client.invalidateQueries({ queryKey: invitationKeys.all })]);
    },
  });
}
