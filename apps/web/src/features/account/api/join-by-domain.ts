import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired, type ApiPaths } from '@/lib/api-client';
import { currentUser } from '@/lib/firebase';
import { useCurrentAccount } from '../current-account';

/** The query key of what the account's address lets it join (outside 'account': refreshing the memberships does not join again). */
export const joinOptionsKey = (accountId: string) => ['domainJoin', accountId] as const;

export type JoinOptions = ApiPaths['/account/joinByDomain']['post']['responses'][200]['content']['application/json'];

/**
 * POST /account/joinByDomain, once per account and page load (docs/product-rules.md#auto-join): joins
 * the organization of the address's verified domain when it joins automatically, and tells what else
 * the account may join. Asked again after the address is verified or a request is sent.
 */
export function useJoinOptions() {
  const account = useCurrentAccount();
  return useQuery({
    queryKey: joinOptionsKey(account.id),
    queryFn: () => unwrapRequired(apiClient.POST('/account/joinByDomain')),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** POST /joinRequest/create; the join options are read again. */
export function useRequestJoin() {
  const client = useQueryClient();
  const account = useCurrentAccount();
  return useMutation({
    mutationFn: (organizationId: string) => unwrapRequired(apiClient.POST('/joinRequest/create', { body: { organizationId } })),
    onSettled: () => client.invalidateQueries({ queryKey: joinOptionsKey(account.id) }),
  });
}

/** Sends the identity provider's e-mail that verifies the signed-in user's address. */
export async function sendVerificationEmail(): Promise<void> {
  const user = currentUser();
  if (!user) return;
  const { sendEmailVerification } = await import('@/lib/firebase-email-verification');
  await sendEmailVerification(user);
}

/** After the address was verified (the link of that e-mail): a fresh ID token that says so. */
export async function refreshEmailVerification(): Promise<void> {
  const user = currentUser();
  if (!user) return;
  await user.reload();
  await user.getIdToken(true);
}
