import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { systemAdminKeys } from '../keys';

/** POST /system-admin/organization/create. */
async function createOrganization(input: { name: string; profileImageSrc: string | null }) {
  return unwrapRequired(apiClient.POST('/system-admin/organization/create', { body: input }));
}

/** Creates the organization; the system-admin list of organizations is fetched again. */
export function useCreateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: systemAdminKeys.organizations() });
    },
  });
}
