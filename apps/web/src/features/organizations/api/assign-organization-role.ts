import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { organizationKeys } from '../keys';

interface AssignOrganizationRoleInput {
  accountId: string;
  props: { organizationId: string; roleId: string };
}

/** POST /account/assignOrganizationRole: changes an account's role in an organization. */
async function assignOrganizationRole(input: AssignOrganizationRoleInput) {
  return unwrapRequired(apiClient.POST('/account/assignOrganizationRole', { body: input }));
}

export function useAssignOrganizationRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: assignOrganizationRole,
    onSuccess: async (_account, input) => {
      await client.invalidateQueries({ queryKey: organizationKeys.members(input.props.organizationId) });
    },
  });
}
