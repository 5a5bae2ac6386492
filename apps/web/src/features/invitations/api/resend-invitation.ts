import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { invitationKeys } from '../keys';

/** POST /organization/resendInvitation: queues the e-mail of a pending invitation again. */
async function resendInvitation(invitationId: string) {
  return unwrapRequired(apiClient.POST('/organization/resendInvitation', { body: { invitationId } }));
}

/** Resends the e-mail; the lists are fetched again (the row loses its 送信失敗 badge). */
export function useResendInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: invitationKeys.lists() });
    },
  });
}
