import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';
import { systemAdminKeys } from '../keys';

type AdminProject = ApiPaths['/system-admin/project/listAll']['post']['responses'][200]['content']['application/json'][number];

/** POST /system-admin/project/listAll. */
async function getAllProjects(): Promise<AdminProject[]> {
  return (await unwrap(apiClient.POST('/system-admin/project/listAll'))) ?? [];
}

function allProjectsQueryOptions() {
  return queryOptions({ queryKey: systemAdminKeys.projects(), queryFn: getAllProjects });
}

export function useAllProjects() {
  return useQuery(allProjectsQueryOptions());
}
