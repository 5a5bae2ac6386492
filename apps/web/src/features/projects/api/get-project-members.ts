import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';
import { useInfiniteList } from '@/lib/infinite-list';
import { toListPage, type ListItem, type ListPage, type ListPageRequest } from '@/lib/list-page';
import { projectKeys } from '../keys';

type ProjectMemberAccount = ListItem<ApiPaths['/project/listMembers']['post']['responses'][200]['content']['application/json']>;

/** POST /project/listMembers: one page of the project's member accounts (`query`: name or e-mail). */
async function getProjectMembers(projectId: string, request: ListPageRequest): Promise<ListPage<ProjectMemberAccount>> {
  return toListPage((await unwrap(apiClient.POST('/project/listMembers', { body: { ...request, projectId } }))) ?? []);
}

/** The project's members a page at a time, searched by name or e-mail. */
export function useProjectMembers(project: { id: string; organizationId: string }, query: string) {
  return useInfiniteList({
    queryKey: projectKeys.memberPages(project.organizationId, project.id, query),
    fetchPage: (request: ListPageRequest) => getProjectMembers(project.id, request),
    query,
  });
}
