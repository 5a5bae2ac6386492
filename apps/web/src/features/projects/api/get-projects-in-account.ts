import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';

type ListResponse = ApiPaths['/project/listInAccount']['post']['responses'][200]['content']['application/json'];
export type Project = ListResponse[number];

export const projectKeys = {
  all: ['projects'] as const,
  inAccount: () => ['projects', 'inAccount'] as const,
  detail: (id: string) => ['projects', 'detail', id] as const,
};

/** POST /project/listInAccount: all projects for a system admin, else the account's. */
export async function getProjectsInAccount(): Promise<Project[]> {
  return (await unwrap(apiClient.POST('/project/listInAccount'))) ?? [];
}

export function projectsInAccountQueryOptions() {
  return queryOptions({ queryKey: projectKeys.inAccount(), queryFn: getProjectsInAccount });
}

export function useProjectsInAccount() {
  return useQuery(projectsInAccountQueryOptions());
}
