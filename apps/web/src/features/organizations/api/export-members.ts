import type { MemberCsvEncoding } from '@console/domain';
import { useMutation } from '@tanstack/react-query';
import { toastOnError } from '@/components/toasts';
import { apiClient } from '@/lib/api-client';
import { apiErrorFromBody } from '@/lib/api-error';
import { saveBlob } from '@/lib/download';
import { currentLocale } from '@/lib/i18n';
import { useTranslation } from '@/lib/i18n';
import '@/locales/ja/member-csv';

/** The name of the downloaded member CSV. */
const MEMBERS_CSV_FILENAME = 'members.csv';

/** POST /organization/exportMembers: the members as CSV in the encoding, headed in the console's language (docs/product-rules.md#member-csv). */
async function exportMembers(organizationId: string, encoding: MemberCsvEncoding): Promise<Blob> {
  const { data, response } = await apiClient.POST('/organization/exportMembers', {
    body: { organizationId, encoding, locale: currentLocale() },
    parseAs: 'blob',
  });
  if (!data) throw apiErrorFromBody(response.status === 200 ? 502 : response.status, undefined);
  return data;
}

/** Downloads the member CSV; a failure is logged and shown as an error toast. */
export function useDownloadMembersCsv() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async ({ organizationId, encoding }: { organizationId: string; encoding: MemberCsvEncoding }) => {
      saveBlob(await exportMembers(organizationId, encoding), MEMBERS_CSV_FILENAME);
    },
    onError: toastOnError(t('memberCsv.exportFailed')),
  });
}
