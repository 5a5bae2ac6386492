import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@/features/projects';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { idempotencyParams, useIdempotencyKeys } from '@/lib/idempotency-key';
import { systemAdminKeys } from '../keys';

interface CreateProjectInput {
  organizationId: string;
  name: string;
}

/** POST /system-admin/project/create, under an idempotency key. */
async function createProject(input: CreateProjectInput, idempotencyKey: string) {
  return unwrapRequired(apiClient.POST('/system-admin/project/create', { body: input, params: idempotencyParams(idempotencyKey) }));
}

/**
 * Creates the project (the same one on a retry after a timeout); the system-admin list and the
 * account's projects (all of them for a system admin) are fetched again.
 */
export function useCreateProject() {
  const client = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (input: CreateProjectInput) => createProject(input, keys.keyFor(input)),
    onSettled: (_result, error) => keys.settled(error),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: systemAdminKeys.projects() }), client.invalidateQueries({ queryKey: projectKeys.inAccount() })]);
    },
  });
}
