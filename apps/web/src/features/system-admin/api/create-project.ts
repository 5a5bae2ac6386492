import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@/features/projects/api/get-projects-in-account';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { systemAdminKeys } from './get-accounts';

/** POST /system-admin/project/create. */
export async function createProject(input: { organizationId: string; name: string }) {
  return unwrapRequired(apiClient.POST('/system-admin/project/create', { body: input }));
}

export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: systemAdminKeys.projects() }),
        client.invalidateQueries({ queryKey: projectKeys.all }),
      ]);
    },
  });
}
