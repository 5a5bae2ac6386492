import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrapRequired, type ApiPaths } from '@/lib/api-client';
import { projectKeys } from '../keys';

export type ProjectDetail = ApiPaths['/project/get']['post']['responses'][200]['content']['application/json'];

/** POST /project/get: one project with its roles and product settings. */
async function getProject(projectId: string): Promise<ProjectDetail> {
  return unwrapRequired(apiClient.POST('/project/get', { body: { projectId } }));
}

function projectQueryOptions(projectId: string) {
  return queryOptions({ queryKey: projectKeys.detail(projectId), queryFn: () => getProject(projectId) });
}

export function useProject(projectId: string) {
  return useQuery(projectQueryOptions(projectId));
}
