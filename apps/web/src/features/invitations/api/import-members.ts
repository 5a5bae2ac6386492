import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/features/organizations';
import { apiClient, unwrapRequired, type Schemas } from '@/lib/api-client';
import { fetchWithTimeout } from '@/lib/fetch-with-timeout';
import { invitationKeys } from '../keys';

export type MemberImport = Schemas['MemberImportResponse'];
export type MemberImportRow = Schemas['MemberImportRowResponse'];

/** How long an import may take before it answers: each row is an invitation and its e-mail of its own. */
const IMPORT_TIMEOUT_MS = 5 * 60 * 1000;
const importFetch = fetchWithTimeout(IMPORT_TIMEOUT_MS);

interface MemberCsvInput {
  organizationId: string;
  file: File;
}

/** POST /organization/previewMemberImport or /organization/importMembers (multipart: organizationId, file) (docs/product-rules.md#member-csv). */
function sendMemberCsv(
  path: '/organization/previewMemberImport' | '/organization/importMembers',
  { organizationId, file }: MemberCsvInput,
): Promise<MemberImport> {
  const form = new FormData();
  form.append('organizationId', organizationId);
  form.append('file', file, file.name);
  // The typed body names the multipart fields; the request sends the FormData built above.
  return unwrapRequired(apiClient.POST(path, { body: { organizationId, file: file.name }, bodySerializer: () => form, fetch: importFetch }));
}

/** Checks a member CSV: each row with its result, nothing changed. */
export function usePreviewMemberImport() {
  return useMutation({ mutationFn: (input: MemberCsvInput) => sendMemberCsv('/organization/previewMemberImport', input) });
}

/** Invites the valid rows of a member CSV; the invitation and member lists are read again afterwards (after a failure too). */
export function useImportMembers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MemberCsvInput) => sendMemberCsv('/organization/importMembers', input),
    onSettled: async (_result, _error, input) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: invitationKeys.lists() }),
        client.invalidateQueries({ queryKey: organizationKeys.members(input.organizationId) }),
      ]);
    },
  });
}
