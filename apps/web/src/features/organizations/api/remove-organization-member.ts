import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { organizationKeys } from '../keys';

/** POST /organization/removeMember: removes the account from the organization and its projects. */
async function removeOrganizationMember(input: { organizationId: string; accountId: string }) {
  return unwrapRequired(apiClient.POST('/organization/removeMember', { body: input }));
}

/** Removes the member; the member lists of the organization and of its projects are fetched again. */
export function useRemoveOrganizationMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeOrganizationMember,
    onSuccess: async (_account, input) => {
      await client.invalidateQueries({ queryKey: organizationKeys.members(input.organizationId) });
    },
  });
}
