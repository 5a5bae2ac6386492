import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';
import { useInfiniteList } from '@/lib/infinite-list';
import { toListPage, type ListItem, type ListPage, type ListPageRequest } from '@/lib/list-page';
import { projectKeys } from '../keys';

type Project = ListItem<ApiPaths['/project/listInAccount']['post']['responses'][200]['content']['application/json']>;

/**
 * POST /project/listInAccount: all projects for a system admin, else the account's (with
 * `organizationId`, that organization's only); ordered by organization (name, id), then project
 * (name, id). One page with `limit`, else the first 1,000 (`query`: the project's name or its organization's).
 */
async function getProjectsInAccount(request: Partial<ListPageRequest> & { organizationId?: string } = {}): Promise<ListPage<Project>> {
  return toListPage((await unwrap(apiClient.POST('/project/listInAccount', { body: request }))) ?? []);
}

function organizationProjectsQueryOptions(organizationId: string) {
  return queryOptions({ queryKey: projectKeys.inOrganization(organizationId), queryFn: async () => (await getProjectsInAccount({ organizationId })).items });
}

/** One organization's projects the account may see, as one list (its first 1,000). */
export function useOrganizationProjects(organizationId: string) {
  return useQuery(organizationProjectsQueryOptions(organizationId));
}

/** The account's projects a page at a time, searched by project or organization name (each with its organization's name and image). */
export function useProjectPages(query: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteList({ queryKey: projectKeys.inAccountPages(query), fetchPage: getProjectsInAccount, query, enabled });
}
