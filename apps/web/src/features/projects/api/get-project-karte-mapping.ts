import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';
import { projectKeys } from '../keys';

export type ProjectKarteMapping = NonNullable<ApiPaths['/systemAdmin/projectKarteMapping/get']['post']['responses'][200]['content']['application/json']>;

/** POST /systemAdmin/projectKarteMapping/get: the mapping, or null. */
async function getProjectKarteMapping(projectId: string): Promise<ProjectKarteMapping | null> {
  return unwrap(apiClient.POST('/systemAdmin/projectKarteMapping/get', { body: { projectId } }));
}

function projectKarteMappingQueryOptions(projectId: string) {
  return queryOptions({ queryKey: projectKeys.karteMapping(projectId), queryFn: () => getProjectKarteMapping(projectId) });
}

export function useProjectKarteMapping(projectId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...projectKarteMappingQueryOptions(projectId), enabled: options.enabled ?? true });
}
