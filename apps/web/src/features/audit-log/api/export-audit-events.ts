import { useMutation } from '@tanstack/react-query';
import { toastOnError } from '@/components/toasts';
import { apiClient } from '@/lib/api-client';
import { apiErrorFromBody } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { saveBlob } from '@/lib/download';
import { filenameFromContentDisposition } from '../download';
import type { AuditFilterBody } from '../filters';
import type { AuditLogScope } from '../keys';
import '@/locales/ja/audit-log';

export interface AuditCsv {
  blob: Blob;
  filename: string;
}

/**
 * The audit log matching the filters as CSV, through the API client (credentials and the bearer
 * token as every call): POST /organization/exportAuditEvents for an organization,
 * POST /systemAdmin/auditEvent/export for every organization.
 */
async function exportAuditEvents(scope: AuditLogScope, filters: AuditFilterBody): Promise<AuditCsv> {
  const { data, response } =
    scope.kind === 'organization'
      ? await apiClient.POST('/organization/exportAuditEvents', { body: { ...filters, organizationId: scope.organizationId }, parseAs: 'blob' })
      : await apiClient.POST('/systemAdmin/auditEvent/export', { body: filters, parseAs: 'blob' });
  if (!data) throw apiErrorFromBody(response.status === 200 ? 502 : response.status, undefined);
  return { blob: data, filename: filenameFromContentDisposition(response.headers.get('Content-Disposition')) };
}

/** Downloads the CSV as a file; a failure is logged and shown as an error toast. */
export function useDownloadAuditCsv() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async ({ scope, filters }: { scope: AuditLogScope; filters: AuditFilterBody }) => {
      const csv = await exportAuditEvents(scope, filters);
      saveBlob(csv.blob, csv.filename);
    },
    onError: toastOnError(t('auditLog.downloadFailed')),
  });
}
