import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/features/organizations/api/get-organizations-of-account';
import { projectKeys } from '@/features/projects/api/get-projects-in-account';
import { apiClient, unwrapRequired } from '@/lib/api-client';

/** POST /project/removeMember: removes the account from the project. */
export async function removeProjectMember(input: { projectId: string; accountId: string }) {
  return unwrapRequired(apiClient.POST('/project/removeMember', { body: input }));
}

export function useRemoveProjectMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeProjectMember,
    onSuccess: async (_account, input) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: projectKeys.detail(input.projectId) }),
        client.invalidateQueries({ queryKey: organizationKeys.all }),
      ]);
    },
  });
}
