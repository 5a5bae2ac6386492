import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/features/organizations/api/get-organizations-of-account';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import type { OrganizationDetail } from './get-organization';

export interface UpdateOrganizationInput {
  organizationId: string;
  updateProps: { name?: string; profileImageSrc?: string | null };
}

/** POST /organization/update: name and profile image. */
export async function updateOrganization(input: UpdateOrganizationInput): Promise<OrganizationDetail> {
  return unwrapRequired(apiClient.POST('/organization/update', { body: input }));
}

export function useUpdateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: async (organization, input) => {
      client.setQueryData(organizationKeys.detail(input.organizationId), organization);
      await client.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}
