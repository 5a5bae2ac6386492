import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';

export type OrganizationKarteMapping = NonNullable<
  ApiPaths['/systemAdmin/organizationKarteMapping/get']['post']['responses'][200]['content']['application/json']
>;

export const karteMappingKeys = {
  all: ['karteMapping'] as const,
  organization: (organizationId: string) => ['karteMapping', 'organization', organizationId] as const,
  project: (projectId: string) => ['karteMapping', 'project', projectId] as const,
};

/** POST /systemAdmin/organizationKarteMapping/get: the mapping, or null. */
export async function getOrganizationKarteMapping(organizationId: string): Promise<OrganizationKarteMapping | null> {
  return unwrap(apiClient.POST('/systemAdmin/organizationKarteMapping/get', { body: { organizationId } }));
}

export function organizationKarteMappingQueryOptions(organizationId: string) {
  return queryOptions({ queryKey: karteMappingKeys.organization(organizationId), queryFn: () => getOrganizationKarteMapping(organizationId) });
}

export function useOrganizationKarteMapping(organizationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...organizationKarteMappingQueryOptions(organizationId), enabled: options.enabled ?? true });
}
