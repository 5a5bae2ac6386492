import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationKeys } from '@/features/organizations/api/get-organizations-of-account';
import { apiClient, unwrapRequired, type ApiPaths } from '@/lib/api-client';

export type OrganizationDetail = ApiPaths['/organization/get']['post']['responses'][200]['content']['application/json'];
export type OrganizationRole = OrganizationDetail['roles'][number];

/** POST /organization/get: one organization with its roles. */
export async function getOrganization(organizationId: string): Promise<OrganizationDetail> {
  return unwrapRequired(apiClient.POST('/organization/get', { body: { organizationId } }));
}

export function organizationQueryOptions(organizationId: string) {
  return queryOptions({ queryKey: organizationKeys.detail(organizationId), queryFn: () => getOrganization(organizationId) });
}

export function useOrganization(organizationId: string) {
  return useQuery(organizationQueryOptions(organizationId));
}
