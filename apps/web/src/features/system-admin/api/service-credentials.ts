import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired, type ApiPaths } from '@/lib/api-client';
import { systemAdminKeys } from '../keys';

export type ServiceCredential = ApiPaths['/systemAdmin/serviceCredential/list']['post']['responses'][200]['content']['application/json'][number];
type CreateServiceCredentialInput = ApiPaths['/systemAdmin/serviceCredential/create']['post']['requestBody']['content']['application/json'];
export type ServiceSecret = ServiceCredential['secrets'][number];

/** POST /systemAdmin/serviceCredential/list: every credential, newest first, its secrets by prefix only. */
async function getServiceCredentials(): Promise<ServiceCredential[]> {
  return unwrapRequired(apiClient.POST('/systemAdmin/serviceCredential/list', {}));
}

function serviceCredentialsQueryOptions() {
  return queryOptions({ queryKey: systemAdminKeys.serviceCredentials(), queryFn: getServiceCredentials });
}

/** The service credentials of sibling products (docs/integration.md#credentials-and-scopes). */
export function useServiceCredentials() {
  return useQuery(serviceCredentialsQueryOptions());
}

/** A change of the credentials, refreshing their list. */
function useCredentialChange<T, R>(change: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => client.invalidateQueries({ queryKey: systemAdminKeys.serviceCredentials() }),
  });
}

/** Creates a credential; the answer holds its secret, shown once. */
export function useCreateServiceCredential() {
  return useCredentialChange((body: CreateServiceCredentialInput) => unwrapRequired(apiClient.POST('/systemAdmin/serviceCredential/create', { body })));
}

/** Issues another secret of the credential (shown once); the current one stays valid until revoked. */
export function useRotateServiceCredential() {
  return useCredentialChange((credential: ServiceCredential) =>
    unwrapRequired(apiClient.POST('/systemAdmin/serviceCredential/rotate', { body: { credentialId: credential.id } })),
  );
}

/** Revokes one secret of a credential. */
export function useRevokeServiceSecret() {
  return useCredentialChange((target: { credential: ServiceCredential; secret: ServiceSecret }) =>
    unwrapRequired(apiClient.POST('/systemAdmin/serviceCredential/revokeSecret', { body: { credentialId: target.credential.id, secretId: target.secret.id } })),
  );
}

/** Revokes a credential and all its secrets. */
export function useRevokeServiceCredential() {
  return useCredentialChange((credential: ServiceCredential) =>
    unwrapRequired(apiClient.POST('/systemAdmin/serviceCredential/revoke', { body: { credentialId: credential.id } })),
  );
}
