import { AUDIT_ACTION_LABELS } from '@console/domain';
import { Readable } from 'node:stream';
import type { KeyValues } from '../../common/http/paging-sql';
import { auditKeyOf, type AuditEventRow } from './audit-event.sql';

/** Byte order mark first, so that Excel reads the file as UTF-8. */
const UTF8_BOM = '\uFEFF';

export const AUDIT_CSV_COLUMNS = [
  'id',
  'occurredAt',
  'action',
  'actionLabel',
  'actorAccountId',
  'actorName',
  'actorEmail',
  'actorIsSystemAdmin',
  'actorDeleted',
  'targetType',
  'targetId',
  'organizationId',
  'projectId',
  'changes',
  'requestId',
  'ip',
  'userAgent',
] as const;

/** A cell a spreadsheet would take for a formula (or a formula's start, after a tab or carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled.
 * A value a spreadsheet would run as a formula gets a leading single quote, so that it stays text.
 */
function csvCell(value: string | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: readonly (string | boolean | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function auditCsvLine(row: AuditEventRow): string {
  return csvLine([
    row.id,
    row.occurredAt,
    row.action,
    AUDIT_ACTION_LABELS[row.action] ?? row.action,
    row.actorAccountId,
    row.actorName,
    row.actorEmail,
    row.actorAccountId === null ? null : row.actorIsSystemAdmin,
    row.actorAccountId === null ? null : row.actorDeletedAt !== null,
    row.targetType,
    row.targetId,
    row.organizationId,
    row.projectId,
    JSON.stringify(row.changes),
    row.requestId,
    row.ip,
    row.userAgent,
  ]);
}

/**
 * The CSV of every event the pages give, newest first: the BOM and header, then one keyset page
 * after the other, each read only when the consumer wants more bytes. However many events there
 * are, one page is in memory at a time.
 */
export function auditCsvStream(nextPage: (after: KeyValues | null) => Promise<AuditEventRow[]>, pageSize: number): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield UTF8_BOM + csvLine(AUDIT_CSV_COLUMNS);
    let after: KeyValues | null = null;
    for (;;) {
      const rows = await nextPage(after);
      if (rows.length > 0) yield rows.map(auditCsvLine).join('');
      const last = rows.at(-1);
      if (!last || rows.length < pageSize) return;
      after = auditKeyOf(last);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
