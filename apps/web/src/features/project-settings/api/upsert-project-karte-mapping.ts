import { useMutation, useQueryClient } from '@tanstack/react-query';
import { karteMappingKeys } from '@/features/organization-settings/api/get-organization-karte-mapping';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import type { ProjectKarteMapping } from './get-project-karte-mapping';

/** POST /systemAdmin/projectKarteMapping/upsert. */
export async function upsertProjectKarteMapping(input: { projectId: string; karteProjectId: string }): Promise<ProjectKarteMapping> {
  return unwrapRequired(apiClient.POST('/systemAdmin/projectKarteMapping/upsert', { body: input }));
}

export function useUpsertProjectKarteMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: upsertProjectKarteMapping,
    onSuccess: async (mapping, input) => {
      client.setQueryData(karteMappingKeys.project(input.projectId), mapping);
      await client.invalidateQueries({ queryKey: karteMappingKeys.project(input.projectId) });
    },
  });
}
