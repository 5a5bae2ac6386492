import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/features/organizations';
import { apiClient, unwrapRequired } from '@/lib/api-client';

interface RemoveProjectMemberInput {
  /** The project's organization, whose member lists show the account's projects. */
  organizationId: string;
  projectId: string;
  accountId: string;
}

/** POST /project/removeMember: removes the account from the project. */
async function removeProjectMember({ projectId, accountId }: RemoveProjectMemberInput) {
  return unwrapRequired(apiClient.POST('/project/removeMember', { body: { projectId, accountId } }));
}

/** Removes the member; the member lists of the organization and of the project are fetched again. */
export function useRemoveProjectMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeProjectMember,
    onSuccess: async (_account, input) => {
      await client.invalidateQueries({ queryKey: organizationKeys.members(input.organizationId) });
    },
  });
}
