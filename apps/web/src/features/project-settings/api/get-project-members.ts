import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/features/projects/api/get-projects-in-account';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';

export type ProjectMemberAccount = ApiPaths['/project/listMembers']['post']['responses'][200]['content']['application/json'][number];

export const projectMemberKeys = {
  list: (projectId: string) => [...projectKeys.detail(projectId), 'members'] as const,
};

/** POST /project/listMembers: the project's member accounts. */
export async function getProjectMembers(projectId: string): Promise<ProjectMemberAccount[]> {
  return (await unwrap(apiClient.POST('/project/listMembers', { body: { projectId } }))) ?? [];
}

export function projectMembersQueryOptions(projectId: string) {
  return queryOptions({ queryKey: projectMemberKeys.list(projectId), queryFn: () => getProjectMembers(projectId) });
}

export function useProjectMembers(projectId: string) {
  return useQuery(projectMembersQueryOptions(projectId));
}
