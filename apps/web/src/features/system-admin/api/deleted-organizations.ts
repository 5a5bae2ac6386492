import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap, unwrapRequired, type ApiPaths } from '@/lib/api-client';
import { toListPage, type ListItem } from '@/lib/list-page';
import { systemAdminKeys } from '../keys';

export type DeletedOrganization = ListItem<ApiPaths['/systemAdmin/organization/listDeleted']['post']['responses'][200]['content']['application/json']>;

/** POST /systemAdmin/organization/listDeleted: the deleted organizations not purged yet, the latest deleted first (the first 1,000). */
async function getDeletedOrganizations(): Promise<DeletedOrganization[]> {
  return toListPage((await unwrap(apiClient.POST('/systemAdmin/organization/listDeleted', { body: {} }))) ?? []).items;
}

function deletedOrganizationsQueryOptions() {
  return queryOptions({ queryKey: systemAdminKeys.deletedOrganizations(), queryFn: getDeletedOrganizations });
}

/** The deleted organizations (docs/product-rules.md#organization-deletion). */
export function useDeletedOrganizations() {
  return useQuery(deletedOrganizationsQueryOptions());
}

/** POST /systemAdmin/organization/restore. */
async function restoreOrganization(organization: DeletedOrganization) {
  return unwrapRequired(apiClient.POST('/systemAdmin/organization/restore', { body: { organizationId: organization.id } }));
}

/** Restores a deleted organization; every list that shows organizations or projects is read again. */
export function useRestoreOrganization() {
  const client = useQueryClient();
  return useMutation({ mutationFn: restoreOrganization, onSettled: () => client.invalidateQueries() });
}
