import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';
import { organizationKeys } from '../keys';

export type OrganizationKarteMapping = NonNullable<
  ApiPaths['/systemAdmin/organizationKarteMapping/get']['post']['responses'][200]['content']['application/json']
>;

/** POST /systemAdmin/organizationKarteMapping/get: the mapping, or null. */
async function getOrganizationKarteMapping(organizationId: string): Promise<OrganizationKarteMapping | null> {
  return unwrap(apiClient.POST('/systemAdmin/organizationKarteMapping/get', { body: { organizationId } }));
}

function organizationKarteMappingQueryOptions(organizationId: string) {
  return queryOptions({ queryKey: organizationKeys.karteMapping(organizationId), queryFn: () => getOrganizationKarteMapping(organizationId) });
}

export function useOrganizationKarteMapping(organizationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...organizationKarteMappingQueryOptions(organizationId), enabled: options.enabled ?? true });
}
