import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { organizationKeys } from '../keys';
import type { OrganizationDetail } from './get-organization';

interface UpdateOrganizationSecurityInput {
  organizationId: string;
  mfaRequired: boolean;
}

/** POST /organization/updateSecurity: whether the members sign in with a second factor (docs/product-rules.md#multi-factor-authentication). */
async function updateOrganizationSecurity(input: UpdateOrganizationSecurityInput): Promise<OrganizationDetail> {
  return unwrapRequired(apiClient.POST('/organization/updateSecurity', { body: input }));
}

export function useUpdateOrganizationSecurity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateOrganizationSecurity,
    onSuccess: async (organization, input) => {
      client.setQueryData(organizationKeys.detail(input.organizationId), organization);
      await client.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}
