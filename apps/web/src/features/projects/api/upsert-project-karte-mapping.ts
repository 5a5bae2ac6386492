import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { projectKeys } from '../keys';
import type { ProjectKarteMapping } from './get-project-karte-mapping';

/** POST /systemAdmin/projectKarteMapping/upsert. */
async function upsertProjectKarteMapping(input: { projectId: string; karteProjectId: string }): Promise<ProjectKarteMapping> {
  return unwrapRequired(apiClient.POST('/systemAdmin/projectKarteMapping/upsert', { body: input }));
}

export function useUpsertProjectKarteMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: upsertProjectKarteMapping,
    onSuccess: async (mapping, input) => {
      client.setQueryData(projectKeys.karteMapping(input.projectId), mapping);
      await client.invalidateQueries({ queryKey: projectKeys.karteMapping(input.projectId) });
    },
  });
}
