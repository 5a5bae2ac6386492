import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired, type Schemas } from '@/lib/api-client';
import { accountKeys } from '../keys';

export type SignInSession = Schemas['SignInSessionResponse'];

const sessionsKey = [...accountKeys.all, 'sessions'] as const;

/** POST /session/list: where the signed-in person is signed in, the current session marked (docs/architecture.md#sessions). */
async function listSessions(): Promise<SignInSession[]> {
  return (await unwrapRequired(apiClient.POST('/session/list'))).items;
}

export function useSessionsQuery() {
  return useQuery(queryOptions({ queryKey: sessionsKey, queryFn: listSessions }));
}

function useSessionsChange<T>(call: (target: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }) });
}

/** POST /session/revoke: signs one session out, on every API instance at once. */
export function useRevokeSession() {
  return useSessionsChange((sessionId: string) => unwrapRequired(apiClient.POST('/session/revoke', { body: { sessionId } })));
}

/** POST /session/revokeOthers: signs every session but this one out. */
export function useRevokeOtherSessions() {
  return useSessionsChange(() => unwrapRequired(apiClient.POST('/session/revokeOthers')));
}
