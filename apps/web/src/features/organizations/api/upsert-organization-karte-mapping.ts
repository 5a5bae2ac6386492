import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { organizationKeys } from '../keys';
import type { OrganizationKarteMapping } from './get-organization-karte-mapping';

/** POST /systemAdmin/organizationKarteMapping/upsert. */
async function upsertOrganizationKarteMapping(input: { organizationId: string; karteOrganizationId: string }): Promise<OrganizationKarteMapping> {
  return unwrapRequired(apiClient.POST('/systemAdmin/organizationKarteMapping/upsert', { body: input }));
}

export function useUpsertOrganizationKarteMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: upsertOrganizationKarteMapping,
    onSuccess: async (mapping, input) => {
      client.setQueryData(organizationKeys.karteMapping(input.organizationId), mapping);
      await client.invalidateQueries({ queryKey: organizationKeys.karteMapping(input.organizationId) });
    },
  });
}
