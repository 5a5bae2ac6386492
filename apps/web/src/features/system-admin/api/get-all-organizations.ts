import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';
import { systemAdminKeys } from '../keys';

export type AdminOrganization = ApiPaths['/system-admin/organization/listAll']['post']['responses'][200]['content']['application/json'][number];

/** POST /system-admin/organization/listAll. */
async function getAllOrganizations(): Promise<AdminOrganization[]> {
  return (await unwrap(apiClient.POST('/system-admin/organization/listAll'))) ?? [];
}

function allOrganizationsQueryOptions() {
  return queryOptions({ queryKey: systemAdminKeys.organizations(), queryFn: getAllOrganizations });
}

export function useAllOrganizations() {
  return useQuery(allOrganizationsQueryOptions());
}
