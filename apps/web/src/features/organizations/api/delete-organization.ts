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

/**
 * Deletes the organization. `leave` takes the person away from the screens that show it first;
 * then its cached data goes and what listed it (the account's organizations and projects) is read
 * again, so that no screen asks for the deleted organization on the way out.
 */
export function useDeleteOrganization(leave: () => Promise<void>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganization,
    onSuccess: async (_deleted, input) => {
      await leave();
      client.removeQueries({ queryKey: organizationKeys.detail(input.organizationId) });
      await client.invalidateQueries();
    },
  });
}
