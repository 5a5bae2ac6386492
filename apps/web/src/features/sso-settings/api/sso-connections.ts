import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired, type ApiPaths } from '@/lib/api-client';
import { ssoKeys } from '../keys';

export type AdminSsoConnection = ApiPaths['/systemAdmin/sso/listAll']['post']['responses'][200]['content']['application/json'][number];

/** POST /systemAdmin/sso/listAll: every organization's SSO connection, by organization name. */
async function getAllSsoConnections(): Promise<AdminSsoConnection[]> {
  return unwrapRequired(apiClient.POST('/systemAdmin/sso/listAll', {}));
}

function allSsoConnectionsQueryOptions() {
  return queryOptions({ queryKey: ssoKeys.all(), queryFn: getAllSsoConnections });
}

export function useAllSsoConnections() {
  return useQuery(allSsoConnectionsQueryOptions());
}

/** POST /systemAdmin/sso/disable: a (broken) connection disabled. */
async function disableSsoConnection(connection: AdminSsoConnection) {
  return unwrapRequired(apiClient.POST('/systemAdmin/sso/disable', { body: { connectionId: connection.id } }));
}

/** Disables a connection, refreshing every view of it. */
export function useDisableSsoConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disableSsoConnection,
    onSettled: async (_result, _error, connection) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ssoKeys.all() }),
        client.invalidateQueries({ queryKey: ssoKeys.organization(connection.organizationId) }),
      ]);
    },
  });
}
