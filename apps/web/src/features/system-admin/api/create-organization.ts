import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/features/organizations/api/get-organizations-of-account';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { systemAdminKeys } from './get-accounts';

/** POST /system-admin/organization/create. */
export async function createOrganization(input: { name: string; profileImageSrc: string | null }) {
  return unwrapRequired(apiClient.POST('/system-admin/organization/create', { body: input }));
}

export function useCreateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: systemAdminKeys.organizations() }),
        client.invalidateQueries({ queryKey: organizationKeys.all }),
      ]);
    },
  });
}
