import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationKeys } from '@/features/organizations/api/get-organizations-of-account';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';

export type MemberAccount = ApiPaths['/organization/listMembers']['post']['responses'][200]['content']['application/json'][number];

export const organizationMemberKeys = {
  list: (organizationId: string) => [...organizationKeys.detail(organizationId), 'members'] as const,
};

/** POST /organization/listMembers: the organization's member accounts. */
export async function getOrganizationMembers(organizationId: string): Promise<MemberAccount[]> {
  return (await unwrap(apiClient.POST('/organization/listMembers', { body: { organizationId } }))) ?? [];
}

export function organizationMembersQueryOptions(organizationId: string) {
  return queryOptions({ queryKey: organizationMemberKeys.list(organizationId), queryFn: () => getOrganizationMembers(organizationId) });
}

export function useOrganizationMembers(organizationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...organizationMembersQueryOptions(organizationId), enabled: options.enabled ?? true });
}
