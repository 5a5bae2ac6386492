import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired, type ApiPaths } from '@/lib/api-client';
import { organizationKeys } from '@/features/organizations';
import { systemAdminKeys } from '../keys';

export type AdminDomain = ApiPaths['/systemAdmin/domain/listAll']['post']['responses'][200]['content']['application/json'][number];

/** How many domains POST /systemAdmin/domain/listAll answers at most (without paging). */
export const ALL_DOMAINS_CAP = 1000;

/** POST /systemAdmin/domain/listAll: every organization's domains by name, then organization name. */
async function getAllDomains(): Promise<AdminDomain[]> {
  return unwrapRequired(apiClient.POST('/systemAdmin/domain/listAll', {}));
}

function allDomainsQueryOptions() {
  return queryOptions({ queryKey: systemAdminKeys.domains(), queryFn: getAllDomains });
}

/** Every organization's domains (the first ALL_DOMAINS_CAP). */
export function useAllDomains() {
  return useQuery(allDomainsQueryOptions());
}

/** POST /systemAdmin/domain/verify: the domain verified by hand. */
async function verifyDomainByHand(domain: AdminDomain) {
  return unwrapRequired(apiClient.POST('/systemAdmin/domain/verify', { body: { domainId: domain.id } }));
}

/** Verifies a domain by hand, refreshing every domain list that shows it. */
export function useVerifyDomainByHand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: verifyDomainByHand,
    onSettled: async (_result, _error, domain) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: systemAdminKeys.domains() }),
        client.invalidateQueries({ queryKey: organizationKeys.domains(domain.organizationId) }),
      ]);
    },
  });
}
