import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired, type ApiPaths } from '@/lib/api-client';
import { ssoKeys } from '../keys';

export type OrganizationSso = ApiPaths['/organization/sso/get']['post']['responses'][200]['content']['application/json'];
export type SaveSsoConnectionInput = ApiPaths['/organization/sso/save']['post']['requestBody']['content']['application/json'];

/** POST /organization/sso/get: the organization's SSO connection (if any) and the callback URL to register (docs/product-rules.md#single-sign-on). */
async function getOrganizationSso(organizationId: string): Promise<OrganizationSso> {
  return unwrapRequired(apiClient.POST('/organization/sso/get', { body: { organizationId } }));
}

function organizationSsoQueryOptions(organizationId: string) {
  return queryOptions({ queryKey: ssoKeys.organization(organizationId), queryFn: () => getOrganizationSso(organizationId) });
}

export function useOrganizationSso(organizationId: string) {
  return useQuery(organizationSsoQueryOptions(organizationId));
}

/** POST /organization/sso/save, then /organization/sso/remove: the connection created or changed, or removed; the settings are read again. */
export function useChangeOrganizationSso() {
  const client = useQueryClient();
  const refresh = (organizationId: string) => client.invalidateQueries({ queryKey: ssoKeys.organization(organizationId) });
  const save = useMutation({
    mutationFn: (input: SaveSsoConnectionInput) => unwrapRequired(apiClient.POST('/organization/sso/save', { body: input })),
    onSettled: (_result, _error, input) => refresh(input.organizationId),
  });
  const remove = useMutation({
    mutationFn: (organizationId: string) => unwrapRequired(apiClient.POST('/organization/sso/remove', { body: { organizationId } })),
    onSettled: (_result, _error, organizationId) => refresh(organizationId),
  });
  return { save, remove };
}
