import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { idempotencyParams, useIdempotencyKeys } from '@/lib/idempotency-key';
import { systemAdminKeys } from '../keys';

interface CreateOrganizationInput {
  name: string;
  profileImageSrc: string | null;
}

/** POST /system-admin/organization/create, under an idempotency key. */
async function createOrganization(input: CreateOrganizationInput, idempotencyKey: string) {
  return unwrapRequired(apiClient.POST('/system-admin/organization/create', { body: input, params: idempotencyParams(idempotencyKey) }));
}

/** Creates the organization (the same one on a retry after a timeout); the system-admin list of organizations is fetched again. */
export function useCreateOrganization() {
  const client = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (input: CreateOrganizationInput) => createOrganization(input, keys.keyFor(input)),
    onSettled: (_result, error) => keys.settled(error),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: systemAdminKeys.organizations() });
    },
  });
}
