import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';
import { organizationKeys } from '../keys';

type MemberAccount = ApiPaths['/organization/listMembers']['post']['responses'][200]['content']['application/json'][number];

/** POST /organization/listMembers: the organization's member accounts. */
async function getOrganizationMembers(organizationId: string): Promise<MemberAccount[]> {
  return (await unwrap(apiClient.POST('/organization/listMembers', { body: { organizationId } }))) ?? [];
}

function organizationMembersQueryOptions(organizationId: string) {
  return queryOptions({ queryKey: organizationKeys.members(organizationId), queryFn: () => getOrganizationMembers(organizationId) });
}

export function useOrganizationMembers(organizationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...organizationMembersQueryOptions(organizationId), enabled: options.enabled ?? true });
}
