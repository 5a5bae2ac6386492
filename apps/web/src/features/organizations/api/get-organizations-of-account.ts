import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';

type ListResponse = ApiPaths['/organization/listOfAccount']['post']['responses'][200]['content']['application/json'];
export type Organization = ListResponse[number];

export const organizationKeys = {
  all: ['organizations'] as const,
  ofAccount: () => ['organizations', 'ofAccount'] as const,
  detail: (id: string) => ['organizations', 'detail', id] as const,
};

/** POST /organization/listOfAccount: all organizations for a system admin, else the account's. */
export async function getOrganizationsOfAccount(): Promise<Organization[]> {
  return (await unwrap(apiClient.POST('/organization/listOfAccount'))) ?? [];
}

export function organizationsOfAccountQueryOptions() {
  return queryOptions({ queryKey: organizationKeys.ofAccount(), queryFn: getOrganizationsOfAccount });
}

export function useOrganizationsOfAccount() {
  return useQuery(organizationsOfAccountQueryOptions());
}
