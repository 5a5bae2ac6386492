import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';
import { projectKeys } from '../keys';

type ProjectMemberAccount = ApiPaths['/project/listMembers']['post']['responses'][200]['content']['application/json'][number];

/** POST /project/listMembers: the project's member accounts. */
async function getProjectMembers(projectId: string): Promise<ProjectMemberAccount[]> {
  return (await unwrap(apiClient.POST('/project/listMembers', { body: { projectId } }))) ?? [];
}

function projectMembersQueryOptions(project: { id: string; organizationId: string }) {
  return queryOptions({ queryKey: projectKeys.members(project.organizationId, project.id), queryFn: () => getProjectMembers(project.id) });
}

export function useProjectMembers(project: { id: string; organizationId: string }) {
  return useQuery(projectMembersQueryOptions(project));
}
