import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/features/projects/api/get-projects-in-account';
import { apiClient, unwrapRequired, type ApiPaths } from '@/lib/api-client';

export type ProjectDetail = ApiPaths['/project/get']['post']['responses'][200]['content']['application/json'];
export type ProjectRole = ProjectDetail['roles'][number];

/** POST /project/get: one project with its roles and product settings. */
export async function getProject(projectId: string): Promise<ProjectDetail> {
  return unwrapRequired(apiClient.POST('/project/get', { body: { projectId } }));
}

export function projectQueryOptions(projectId: string) {
  return queryOptions({ queryKey: projectKeys.detail(projectId), queryFn: () => getProject(projectId) });
}

export function useProject(projectId: string) {
  return useQuery(projectQueryOptions(projectId));
}
