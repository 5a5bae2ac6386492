import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';
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
