import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired, type ApiPaths } from '@/lib/api-client';
import { organizationKeys } from '../keys';
import type { OrganizationDomain } from './get-organization-domains';

/** POST /organization/domain/add: a pending domain with its TXT record. */
async function addOrganizationDomain(input: { organizationId: string; domain: string }): Promise<OrganizationDomain> {
  return unwrapRequired(apiClient.POST('/organization/domain/add', { body: input }));
}

/** POST /organization/domain/verify: the domain after a DNS check (its state tells the outcome). */
async function verifyOrganizationDomain(input: { organizationId: string; domainId: string }): Promise<OrganizationDomain> {
  return unwrapRequired(apiClient.POST('/organization/domain/verify', { body: input }));
}

/** POST /organization/domain/remove. */
async function removeOrganizationDomain(input: { organizationId: string; domainId: string }): Promise<OrganizationDomain> {
  return unwrapRequired(apiClient.POST('/organization/domain/remove', { body: input }));
}

/** The join policy a domain gets (docs/product-rules.md#auto-join). */
export type JoinPolicyInput = Pick<
  ApiPaths['/organization/domain/setJoinPolicy']['post']['requestBody']['content']['application/json'],
  'mode' | 'roleId' | 'projects'
>;

/** POST /organization/domain/setJoinPolicy: the domain with its new join policy. */
async function setJoinPolicy(input: { organizationId: string; domainId: string } & JoinPolicyInput): Promise<OrganizationDomain> {
  return unwrapRequired(apiClient.POST('/organization/domain/setJoinPolicy', { body: input }));
}

/** A change of one of the organization's domains, refreshing its list. */
function useDomainChange<I extends { organizationId: string }>(change: (input: I) => Promise<OrganizationDomain>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: (_domain, _error, input) => client.invalidateQueries({ queryKey: organizationKeys.domains(input.organizationId) }),
  });
}

export const useAddOrganizationDomain = () => useDomainChange(addOrganizationDomain);
export const useVerifyOrganizationDomain = () => useDomainChange(verifyOrganizationDomain);
export const useRemoveOrganizationDomain = () => useDomainChange(removeOrganizationDomain);
export const useSetJoinPolicy = () => useDomainChange(setJoinPolicy);
