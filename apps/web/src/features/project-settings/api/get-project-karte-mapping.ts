import { queryOptions, useQuery } from '@tanstack/react-query';
import { karteMappingKeys } from '@/features/organization-settings/api/get-organization-karte-mapping';
import { apiClient, unwrap, type ApiPaths } from '@/lib/api-client';

export type ProjectKarteMapping = NonNullable<ApiPaths['/systemAdmin/projectKarteMapping/get']['post']['responses'][200]['content']['application/json']>;

/** POST /systemAdmin/projectKarteMapping/get: the mapping, or null. */
export async function getProjectKarteMapping(projectId: string): Promise<ProjectKarteMapping | null> {
  return unwrap(apiClient.POST('/systemAdmin/projectKarteMapping/get', { body: { projectId } }));
}

export function projectKarteMappingQueryOptions(projectId: string) {
  return queryOptions({ queryKey: karteMappingKeys.project(projectId), queryFn: () => getProjectKarteMapping(projectId) });
}

export function useProjectKarteMapping(projectId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...projectKarteMappingQueryOptions(projectId), enabled: options.enabled ?? true });
}
