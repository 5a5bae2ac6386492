import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { organizationKeys } from '../keys';

interface DeleteOrganizationInput {
  organizationId: string;
  /** The organization's name, typed as a confirmation. */
  confirmName: string;
}

/** POST /organization/delete (docs/product-rules.md#organization-deletion). */
async function deleteOrganization(input: DeleteOrganizationInput) {
  return unwrapRequired(apiClient.POST('/organization/delete', { body: input }));
}

/** Deletes the organization; what showed it (its settings, the account's organizations and projects) is read again. */
export function useDeleteOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganization,
    onSuccess: async (_deleted, input) => {
      client.removeQueries({ queryKey: organizationKeys.detail(input.organizationId) });
      await client.invalidateQueries();
    },
  });
}
