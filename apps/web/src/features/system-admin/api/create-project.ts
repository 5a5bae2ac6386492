import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@/features/projects';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { systemAdminKeys } from '../keys';

/** POST /system-admin/project/create. */
async function createProject(input: { organizationId: string; name: string }) {
  return unwrapRequired(apiClient.POST('/system-admin/project/create', { body: input }));
}

/** Creates the project; the system-admin list and the account's projects (all of them for a system admin) are fetched again. */
export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: systemAdminKeys.projects() }),
        client.invalidateQueries({ queryKey: projectKeys.inAccount() }),
      ]);
    },
  });
}
