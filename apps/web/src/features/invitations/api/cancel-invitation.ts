import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { invitationKeys } from '../keys';

/** POST /invitation/cancel: the invitation is no longer open (lists) nor usable (its screen). */
async function cancelInvitation(invitationId: string) {
  return unwrapRequired(apiClient.POST('/invitation/cancel', { body: { invitationId } }));
}

export function useCancelInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelInvitation,
    onSuccess: async (_invitation, invitationId) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: invitationKeys.lists() }),
        client.invalidateQueries({ queryKey: invitationKeys.detail(invitationId) }),
      ]);
    },
  });
}
