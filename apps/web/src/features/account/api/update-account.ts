import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired, type Schemas } from '@/lib/api-client';
import { currentUser } from '@/lib/firebase';
import { accountKeys } from '../keys';
import type { Account } from './get-account';

type UpdateAccountInput = Schemas['UpdateAccountRequest'];

/** POST /account/update: name, profile image, language (what is absent stays). */
async function updateAccount(input: UpdateAccountInput): Promise<Account> {
  return unwrapRequired(apiClient.POST('/account/update', { body: input }));
}

export function useUpdateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (account) => {
      client.setQueryData(accountKeys.current(currentUser()?.uid), account);
    },
  });
}
