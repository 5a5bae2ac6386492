import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { invitationKeys } from './get-invitations';

/** POST /invitation/cancel. */
export async function cancelInvitation(invitationId: string) {
  return unwrapRequired(apiClient.POST('/invitation/cancel', { body: { invitationId } }));
}

export function useCancelInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelInvitation,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: invitationKeys.all });
    },
  });
}
