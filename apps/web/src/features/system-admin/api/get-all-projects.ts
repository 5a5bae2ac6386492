import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';
import { useInfiniteList } from '@/lib/infinite-list';
import { toListPage, type ListItem, type ListPage, type ListPageRequest } from '@/lib/list-page';
import { systemAdminKeys } from '../keys';

type AdminProject = ListItem<ApiPaths['/system-admin/project/listAll']['post']['responses'][200]['content']['application/json']>;

/**
 * POST /system-admin/project/listAll: every project, ordered by organization (name, id), then
 * project (name, id). One page with `limit`, else the first 1,000 (`query`: the project's name or its organization's).
 */
async function getAllProjects(request: Partial<ListPageRequest> = {}): Promise<ListPage<AdminProject>> {
  return toListPage((await unwrap(apiClient.POST('/system-admin/project/listAll', { body: request }))) ?? []);
}

function allProjectsQueryOptions() {
  return queryOptions({ queryKey: systemAdminKeys.projects(), queryFn: async () => (await getAllProjects()).items });
}

/** Every project as one list (the choices of a filter). */
export function useAllProjects() {
  return useQuery(allProjectsQueryOptions());
}

/** Every project a page at a time (an organization's projects consecutive), searched by project or organization name. */
export function useAllProjectPages(query: string) {
  return useInfiniteList({ queryKey: systemAdminKeys.projectPages(query), fetchPage: getAllProjects, query });
}
