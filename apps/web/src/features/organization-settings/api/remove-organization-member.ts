import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/features/organizations/api/get-organizations-of-account';
import { projectKeys } from '@/features/projects/api/get-projects-in-account';
import { apiClient, unwrapRequired } from '@/lib/api-client';

/** POST /organization/removeMember: removes the account from the organization and its projects. */
export async function removeOrganizationMember(input: { organizationId: string; accountId: string }) {
  return unwrapRequired(apiClient.POST('/organization/removeMember', { body: input }));
}

export function useRemoveOrganizationMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeOrganizationMember,
    onSuccess: async (_account, input) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: organizationKeys.detail(input.organizationId) }),
        client.invalidateQueries({ queryKey: projectKeys.all }),
      ]);
    },
  });
}
