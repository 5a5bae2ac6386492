/** The name of the CSV file when the answer names none. */
export const AUDIT_CSV_FILENAME = 'audit-events.csv';

/**
 * The file name of a Content-Disposition header: `filename*=UTF-8''…` (RFC 6266) before
 * `filename="…"` / `filename=…`; `fallback` when there is none. Path parts are dropped.
 */
export function filenameFromContentDisposition(header: string | null | undefined, fallback = AUDIT_CSV_FILENAME): string {
  if (!header) return fallback;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : fallback;
}
