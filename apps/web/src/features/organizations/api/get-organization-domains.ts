import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrapRequired, type ApiPaths } from '@/lib/api-client';
import { organizationKeys } from '../keys';

export type OrganizationDomain = ApiPaths['/organization/domain/list']['post']['responses'][200]['content']['application/json'][number];

/** POST /organization/domain/list: the organization's domains by name. */
async function getOrganizationDomains(organizationId: string): Promise<OrganizationDomain[]> {
  return unwrapRequired(apiClient.POST('/organization/domain/list', { body: { organizationId } }));
}

function organizationDomainsQueryOptions(organizationId: string) {
  return queryOptions({ queryKey: organizationKeys.domains(organizationId), queryFn: () => getOrganizationDomains(organizationId) });
}

export function useOrganizationDomains(organizationId: string) {
  return useQuery(organizationDomainsQueryOptions(organizationId));
}
