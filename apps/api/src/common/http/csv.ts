import type { MemberCsvEncoding } from '@console/domain';
import type { FastifyReply } from 'fastify';
import iconv from 'iconv-lite';
import { Readable } from 'node:stream';
import type { KeyValues } from './paging-sql';

/** The CSV files the API writes (the audit log, the members: docs/product-rules.md#member-csv): RFC 4180 lines, streamed one keyset page at a time. */

/** Byte order mark first, so that Excel reads the file as UTF-8. */
const UTF8_BOM = '\uFEFF';

/** A cell a spreadsheet would take for a formula (or a formula's start, after a tab or carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

type CsvValue = string | boolean | null;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled.
 * A value a spreadsheet would run as a formula gets a leading single quote, so that it stays text.
 */
function csvCell(value: CsvValue): string {
  if (value === null) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * The bytes of CSV text in the encoding: UTF-8 (the caller writes the BOM first), or Shift_JIS as
 * Windows writes it (iconv-lite's Shift_JIS is Windows-31J), where a character it has no code
 * for becomes '?'.
 */
function encodeCsv(text: string, encoding: MemberCsvEncoding): Buffer {
  return encoding === 'shift_jis' ? iconv.encode(text, 'Shift_JIS') : Buffer.from(text, 'utf8');
}

/** What {@link keysetCsvStream} writes: the header, then each row of the keyset pages. */
export interface KeysetCsv<R> {
  header: readonly string[];
  /** The page after the row whose key is `after` (the first page when null), in the keyset's order. */
  nextPage: (after: KeyValues | null) => Promise<R[]>;
  /** Rows a page holds when another may follow. */
  pageSize: number;
  keyOf: (row: R) => KeyValues;
  cells: (row: R) => readonly CsvValue[];
  /** UTF-8 with BOM unless told. */
  encoding?: MemberCsvEncoding;
}

/**
 * The CSV of every row the pages give: the header (after the BOM, in UTF-8), then one keyset page
 * after the other, each read only when the consumer wants more bytes. However many rows there
 * are, one page is in memory at a time.
 */
export function keysetCsvStream<R>({ header, nextPage, pageSize, keyOf, cells, encoding = 'utf-8' }: KeysetCsv<R>): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    yield encodeCsv((encoding === 'utf-8' ? UTF8_BOM : '') + csvLine(header), encoding);
    let after: KeyValues | null = null;
    for (;;) {
      const rows = await nextPage(after);
      if (rows.length > 0) yield encodeCsv(rows.map((row) => csvLine(cells(row))).join(''), encoding);
      const last = rows.at(-1);
      if (!last || rows.length < pageSize) return;
      after = keyOf(last);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The charset parameter of each encoding's Content-Type. */
const CHARSETS: Readonly<Record<MemberCsvEncoding, string>> = { 'utf-8': 'utf-8', shift_jis: 'Shift_JIS' };

/** Sends the CSV as it is read, page by page, as the attachment `fileName` (errors before the first byte go out as the usual error body). */
export async function sendCsv(reply: FastifyReply, csv: Readable, fileName: string, encoding: MemberCsvEncoding = 'utf-8'): Promise<void> {
  await reply
    .header('content-type', `text/csv; charset=${CHARSETS[encoding]}`)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
