import { useRef, useState } from 'react';
import { apiClient } from '@/lib/api-client';
import { apiErrorFromBody } from '@/lib/api-error';
import { saveBlob } from '@/lib/download';
import { currentLocale } from '@/lib/i18n';

/** The name of the archive when the answer names none. */
const FALLBACK_FILENAME = 'organization.zip';
const FILENAME = /filename="([^"]+)"/;

/** Where an organization's export stands: the bytes received so far and the rows its CSV files hold (X-Export-Rows). */
export type OrganizationExportState =
  | { status: 'idle' }
  | { status: 'running'; bytes: number; rows: number | null }
  | { status: 'done'; bytes: number; rows: number | null }
  | { status: 'cancelled' }
  | { status: 'failed'; error: unknown };

function rowsOf(response: Response): number | null {
  const rows = Number(response.headers.get('x-export-rows') ?? Number.NaN);
  return Number.isInteger(rows) ? rows : null;
}

/**
 * POST /organization/export (docs/product-rules.md#organization-export): reads the streamed ZIP
 * archive chunk by chunk, telling the bytes received as they arrive (the archive's size is not
 * known before its end), then saves it under the name the answer gives.
 */
async function exportOrganization(organizationId: string, signal: AbortSignal, onBytes: (bytes: number, rows: number | null) => void): Promise<void> {
  const { data, response } = await apiClient.POST('/organization/export', {
    body: { organizationId, locale: currentLocale() },
    parseAs: 'stream',
    signal,
  });
  if (!data) throw apiErrorFromBody(response.status === 200 ? 502 : response.status, undefined);
  const rows = rowsOf(response);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  const reader = data.getReader();
  onBytes(0, rows);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onBytes(bytes, rows);
  }
  const fileName = FILENAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? FALLBACK_FILENAME;
  saveBlob(new Blob(chunks, { type: 'application/zip' }), fileName);
}

/** An organization's export with its progress; `start` runs it (again after a failure), `cancel` stops the download. */
export function useOrganizationExport(organizationId: string) {
  const [state, setState] = useState<OrganizationExportState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);

  async function start(): Promise<void> {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    let progress = { bytes: 0, rows: null as number | null };
    setState({ status: 'running', ...progress });
    try {
      await exportOrganization(organizationId, controller.signal, (bytes, rows) => {
        progress = { bytes, rows };
        setState({ status: 'running', ...progress });
      });
      setState({ status: 'done', ...progress });
    } catch (error) {
      setState(controller.signal.aborted ? { status: 'cancelled' } : { status: 'failed', error });
    } finally {
      running.current = null;
    }
  }

  return { state, start, cancel: () => running.current?.abort() };
}
