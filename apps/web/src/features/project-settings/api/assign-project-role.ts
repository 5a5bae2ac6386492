import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/features/organizations/api/get-organizations-of-account';
import { projectKeys } from '@/features/projects/api/get-projects-in-account';
import { apiClient, unwrapRequired } from '@/lib/api-client';

export interface AssignProjectRoleInput {
  accountId: string;
  organizationId: string;
  props: { projectId: string; roleId: string };
}

/** POST /account/assignProjectRole: sets an organization member's role in a project. */
export async function assignProjectRole(input: AssignProjectRoleInput) {
  return unwrapRequired(apiClient.POST('/account/assignProjectRole', { body: input }));
}

export function useAssignProjectRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: assignProjectRole,
    onSuccess: async (_account, input) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: projectKeys.detail(input.props.projectId) }),
        client.invalidateQueries({ queryKey: organizationKeys.detail(input.organizationId) }),
      ]);
    },
  });
}
