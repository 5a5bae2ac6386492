import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/features/organizations';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { systemAdminKeys } from '../keys';

/** POST /system-admin/organization/create. */
async function createOrganization(input: { name: string; profileImageSrc: string | null }) {
  return unwrapRequired(apiClient.POST('/system-admin/organization/create', { body: input }));
}

/** Creates the organization; the system-admin list and the account's organizations (all of them for a system admin) are fetched again. */
export function useCreateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: systemAdminKeys.organizations() }),
        client.invalidateQueries({ queryKey: organizationKeys.ofAccount() }),
      ]);
    },
  });
}
