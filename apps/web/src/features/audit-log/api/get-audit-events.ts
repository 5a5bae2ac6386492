import { useInfiniteQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '@console/domain';
import { apiClient, unwrapRequired, type ApiPaths } from '@/lib/api-client';
import type { AuditFilterBody } from '../filters';
import { auditLogKeys, type AuditLogScope } from '../keys';

export type AuditEventPage = ApiPaths['/organization/listAuditEvents']['post']['responses'][200]['content']['application/json'];
export type AuditEvent = AuditEventPage['items'][number];

/**
 * One page of the audit log, newest first: POST /organization/listAuditEvents for an
 * organization, POST /systemAdmin/auditEvent/list for every organization.
 */
async function listAuditEvents(scope: AuditLogScope, filters: AuditFilterBody, cursor: string | undefined): Promise<AuditEventPage> {
  const page = { limit: LIST_PAGE_SIZE, ...(cursor ? { cursor } : {}) };
  if (scope.kind === 'organization') {
    return unwrapRequired(apiClient.POST('/organization/listAuditEvents', { body: { ...filters, ...page, organizationId: scope.organizationId } }));
  }
  return unwrapRequired(apiClient.POST('/systemAdmin/auditEvent/list', { body: { ...filters, ...page } }));
}

/** The audit log a page at a time (`fetchNextPage` reads on from the last page's cursor). */
export function useAuditEvents(scope: AuditLogScope, filters: AuditFilterBody) {
  return useInfiniteQuery({
    queryKey: auditLogKeys.list(scope, filters),
    queryFn: ({ pageParam }) => listAuditEvents(scope, filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
