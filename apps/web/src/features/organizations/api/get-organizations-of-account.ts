import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';
import { organizationKeys } from '../keys';

type ListResponse = ApiPaths['/organization/listOfAccount']['post']['responses'][200]['content']['application/json'];
export type Organization = ListResponse[number];

/** POST /organization/listOfAccount: all organizations for a system admin, else the account's. */
async function getOrganizationsOfAccount(): Promise<Organization[]> {
  return (await unwrap(apiClient.POST('/organization/listOfAccount'))) ?? [];
}

function organizationsOfAccountQueryOptions() {
  return queryOptions({ queryKey: organizationKeys.ofAccount(), queryFn: getOrganizationsOfAccount });
}

export function useOrganizationsOfAccount() {
  return useQuery(organizationsOfAccountQueryOptions());
}
