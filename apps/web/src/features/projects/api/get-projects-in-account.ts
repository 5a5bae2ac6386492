import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';
import { projectKeys } from '../keys';

type ListResponse = ApiPaths['/project/listInAccount']['post']['responses'][200]['content']['application/json'];
export type Project = ListResponse[number];

/** POST /project/listInAccount: all projects for a system admin, else the account's. */
async function getProjectsInAccount(): Promise<Project[]> {
  return (await unwrap(apiClient.POST('/project/listInAccount'))) ?? [];
}

function projectsInAccountQueryOptions() {
  return queryOptions({ queryKey: projectKeys.inAccount(), queryFn: getProjectsInAccount });
}

export function useProjectsInAccount() {
  return useQuery(projectsInAccountQueryOptions());
}
