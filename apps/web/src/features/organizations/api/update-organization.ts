import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '@/features/account';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { organizationKeys } from '../keys';
import type { OrganizationDetail } from './get-organization';

interface UpdateOrganizationInput {
  organizationId: string;
  updateProps: { name?: string; profileImageSrc?: string | null };
}

/** POST /organization/update: name and profile image. */
async function updateOrganization(input: UpdateOrganizationInput): Promise<OrganizationDetail> {
  return unwrapRequired(apiClient.POST('/organization/update', { body: input }));
}

export function useUpdateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: async (organization, input) => {
      client.setQueryData(organizationKeys.detail(input.organizationId), organization);
      // The account's project lists show each project's organization (name and image) too.
      await Promise.all([client.invalidateQueries({ queryKey: organizationKeys.all }), client.invalidateQueries({ queryKey: accountKeys.all })]);
    },
  });
}
