import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { invitationKeys } from './get-invitations';

/** POST /invitation/cancel. */
async function cancelInvitation(invitationId: string) {
  return unwrapRequired(apiClient.POST('/invitation/cancel', { body: { invitationId } }));
}

/** POST /organization/resendInvitation: queues the e-mail of a pending invitation again. */
async function resendInvitation(invitationId: string) {
  return unwrapRequired(apiClient.POST('/organization/resendInvitation', { body: { invitationId } }));
}

/** An action on one invitation; the invitation lists are fetched again afterwards. */
function useInvitationAction<T>(action: (invitationId: string) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: invitationKeys.all });
    },
  });
}

export const useCancelInvitation = () => useInvitationAction(cancelInvitation);
export const useResendInvitation = () => useInvitationAction(resendInvitation);
