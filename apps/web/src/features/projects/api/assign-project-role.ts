import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/features/organizations';
import { apiClient, unwrapRequired } from '@/lib/api-client';

interface AssignProjectRoleInput {
  accountId: string;
  organizationId: string;
  props: { projectId: string; roleId: string };
}

/** POST /account/assignProjectRole: sets an organization member's role in a project. */
async function assignProjectRole(input: AssignProjectRoleInput) {
  return unwrapRequired(apiClient.POST('/account/assignProjectRole', { body: input }));
}

/** Sets the role; the member lists of the organization (the account's memberships) and of the project are fetched again. */
export function useAssignProjectRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: assignProjectRole,
    onSuccess: async (_account, input) => {
      await client.invalidateQueries({ queryKey: organizationKeys.members(input.organizationId) });
    },
  });
}
