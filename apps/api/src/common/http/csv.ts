import type { MemberCsvEncoding } from '@console/domain';
import type { FastifyReply } from 'fastify';
import iconv from 'iconv-lite';
import { escapeLiteral } from 'pg';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { KeyValues } from './paging-sql';

/** The CSV files the API writes (the audit log, the members: docs/product-rules.md#member-csv): RFC 4180 lines, streamed one keyset page at a time. */

/** Byte order mark first, so that Excel reads the file as UTF-8. */
const UTF8_BOM = '\uFEFF';

/** The first characters that make a spreadsheet take a cell for a formula (or a formula's start, after a tab or carriage return). */
const FORMULA_CHARACTERS = '=+-@\t\r';
/** A character of {@link FORMULA_CHARACTERS} (a bracket expression alike in JavaScript and Postgres). */
const FORMULA_CHARACTER = `[${FORMULA_CHARACTERS.replace('-', '\\-')}]`;
const FORMULA_START = new RegExp(`^${FORMULA_CHARACTER}`);
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

/**
 * The SQL of one CSV cell of a text expression for `COPY … (FORMAT csv)`, alike {@link csvCell}:
 * a formula-like value gets a leading single quote, and an empty text is written as nothing like
 * NULL (COPY would quote it). COPY quotes a value with a quote, comma or line break itself. The
 * expression is evaluated once (a subquery, a jsonb's text).
 */
export function csvCellSql(expression: string): string {
  return `NULLIF(regexp_replace(${expression}, ${escapeLiteral(`^(${FORMULA_CHARACTER})`)}, '''\\1'), '')`;
}

const QUOTE = 0x22;
const LINE_FEED = 0x0a;
const CRLF = Buffer.from('\r\n');

/**
 * Ends each record of `COPY … (FORMAT csv)` output with CRLF instead of its line feed: a line
 * feed outside quotes ends a record, one inside a quoted value is kept. Whether the text is
 * inside quotes carries over from chunk to chunk (a doubled quote leaves and enters again).
 */
class CsvRecordEnds {
  private quoted = false;

  convert(chunk: Buffer): Buffer {
    const parts: Buffer[] = [];
    let start = 0;
    let position: number;
    let quote = chunk.indexOf(QUOTE);
    let lineFeed = chunk.indexOf(LINE_FEED);
    for (;;) {
      if (this.quoted) {
        if (quote < 0) break;
        this.quoted = false;
        position = quote + 1;
        quote = chunk.indexOf(QUOTE, position);
      } else if (lineFeed >= 0 && (quote < 0 || lineFeed < quote)) {
        parts.push(chunk.subarray(start, lineFeed), CRLF);
        start = lineFeed + 1;
        position = start;
        lineFeed = chunk.indexOf(LINE_FEED, position);
      } else if (quote >= 0) {
        this.quoted = true;
        position = quote + 1;
        quote = chunk.indexOf(QUOTE, position);
      } else {
        break;
      }
      if (lineFeed >= 0 && lineFeed < position) lineFeed = chunk.indexOf(LINE_FEED, position);
    }
    if (start === 0) return chunk;
    parts.push(chunk.subarray(start));
    return Buffer.concat(parts);
  }
}

/**
 * The CSV file of the header and the records of a `COPY … TO STDOUT (FORMAT csv)` statement's
 * output (see copyOut), records ending in CRLF like {@link keysetCsvStream}'s, each chunk read only
 * when the consumer wants more bytes. UTF-8 with BOM unless told; in Shift_JIS the UTF-8 that
 * Postgres writes is decoded chunk by chunk (a character split between chunks waits for its end).
 */
export function copiedCsvStream(header: readonly string[], records: AsyncIterable<Buffer>, encoding: MemberCsvEncoding = 'utf-8'): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    yield encodeCsv((encoding === 'utf-8' ? UTF8_BOM : '') + csvLine(header), encoding);
    const ends = new CsvRecordEnds();
    const utf8 = new StringDecoder('utf8');
    for await (const chunk of records) yield encoding === 'utf-8' ? ends.convert(chunk) : encodeCsv(utf8.write(ends.convert(chunk)), encoding);
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
