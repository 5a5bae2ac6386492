import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { systemAdminKeys } from '../keys';

/** POST /systemAdmin/account/updateIsSystemAdmin: grants or revokes system-admin rights by email. */
async function updateIsSystemAdmin(input: { email: string; isSystemAdmin: boolean }) {
  return unwrapRequired(apiClient.POST('/systemAdmin/account/updateIsSystemAdmin', { body: input }));
}

export function useUpdateIsSystemAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateIsSystemAdmin,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: systemAdminKeys.accounts() });
    },
  });
}
