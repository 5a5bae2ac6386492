import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrapRequired, type ApiPaths } from '@/lib/api-client';
import { organizationKeys } from '../keys';

export type OrganizationDetail = ApiPaths['/organization/get']['post']['responses'][200]['content']['application/json'];

/** POST /organization/get: one organization with its roles. */
async function getOrganization(organizationId: string): Promise<OrganizationDetail> {
  return unwrapRequired(apiClient.POST('/organization/get', { body: { organizationId } }));
}

function organizationQueryOptions(organizationId: string) {
  return queryOptions({ queryKey: organizationKeys.detail(organizationId), queryFn: () => getOrganization(organizationId) });
}

export function useOrganization(organizationId: string) {
  return useQuery(organizationQueryOptions(organizationId));
}
