import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { firebaseAuth } from '@/lib/firebase';
import { accountKeys } from '../keys';
import type { Account } from './get-account';

interface UpdateAccountInput {
  name: string | null;
  profileImageSrc: string | null;
}

/** POST /account/update: name and profile image. */
async function updateAccount(input: UpdateAccountInput): Promise<Account> {
  return unwrapRequired(apiClient.POST('/account/update', { body: input }));
}

export function useUpdateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (account) => {
      client.setQueryData(accountKeys.current(firebaseAuth.currentUser?.uid), account);
    },
  });
}
