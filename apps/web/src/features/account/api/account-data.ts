import { useMutation, useQuery } from '@tanstack/react-query';
import { apiClient, unwrapRequired, type Schemas } from '@/lib/api-client';
import { currentUser } from '@/lib/firebase';
import { accountKeys } from '../keys';

export type AccountDataExport = Schemas['AccountDataExportResponse'];

/** POST /account/deletionCheck: the organizations whose last administrator the account is (docs/product-rules.md#account-deletion). */
export function useAccountDeletionCheck() {
  return useQuery({
    queryKey: [...accountKeys.current(currentUser()?.uid), 'deletionCheck'] as const,
    queryFn: () => unwrapRequired(apiClient.POST('/account/deletionCheck')),
    retry: false,
  });
}

/** POST /account/delete with the typed confirmation (the account's email address). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: (confirmation: string) => unwrapRequired(apiClient.POST('/account/delete', { body: { confirmation } })) });
}

/** The downloaded file's name: account-data-YYYY-MM-DD.json, the day of the export in the browser's time zone. */
export function accountDataFilename(exportedAt: Date): string {
  const day = [exportedAt.getFullYear(), exportedAt.getMonth() + 1, exportedAt.getDate()].map((part) => String(part).padStart(2, '0')).join('-');
  return `account-data-${day}.json`;
}

/** POST /account/exportData: the account's own data (docs/product-rules.md#account-data-export). */
export function useExportAccountData() {
  return useMutation({ mutationFn: (): Promise<AccountDataExport> => unwrapRequired(apiClient.POST('/account/exportData')) });
}
