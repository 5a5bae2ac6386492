import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationKeys } from '@/features/invite/api/get-invitations';
import { apiClient, unwrapRequired } from '@/lib/api-client';

/** POST /organization/resendInvitation: queues the e-mail of a pending invitation again. */
export async function resendInvitation(invitationId: string) {
  return unwrapRequired(apiClient.POST('/organization/resendInvitation', { body: { invitationId } }));
}

export function useResendInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: invitationKeys.all });
    },
  });
}
