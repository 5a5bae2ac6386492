import { DomainError, ERROR_MESSAGES, type MemberCsvDetectedEncoding } from '@console/domain';
import { CsvError, parse } from 'csv-parse';
import { Readable } from 'node:stream';

/** Reading an uploaded CSV file (docs/product-rules.md#member-csv): its encoding, then its records one at a time. */

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** A control character a text file does not hold (any but tab, line feed and carriage return): the file is binary. */
const BINARY = /(?![\t\n\r])\p{Cc}/u;
/** Longest record the parser takes (a line of a member CSV is far shorter). */
const MAX_RECORD_BYTES = 64 * 1024;

/** The text of a decoded file and the encoding it was written in. */
export interface DecodedCsv {
  text: string;
  encoding: MemberCsvDetectedEncoding;
}

function decodeStrictly(bytes: Uint8Array, label: 'utf-8' | 'shift_jis'): string | undefined {
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The text of the file: UTF-8 with a BOM, UTF-8 when its bytes are valid UTF-8, otherwise
 * Shift_JIS (Windows-31J, as Japanese Excel saves) when they are valid Shift_JIS. CSV_UNREADABLE
 * for anything else, and for a binary file (control characters other than tab and line breaks).
 */
export function decodeCsv(bytes: Buffer): DecodedCsv {
  const decoded = detect(bytes);
  if (decoded === undefined || BINARY.test(decoded.text)) throw new DomainError('CSV_UNREADABLE');
  return decoded;
}

function detect(bytes: Buffer): DecodedCsv | undefined {
  if (bytes.subarray(0, UTF8_BOM.length).equals(UTF8_BOM)) {
    const text = decodeStrictly(bytes.subarray(UTF8_BOM.length), 'utf-8');
    return text === undefined ? undefined : { text, encoding: 'utf-8-bom' };
  }
  const utf8 = decodeStrictly(bytes, 'utf-8');
  if (utf8 !== undefined) return { text: utf8, encoding: 'utf-8' };
  const shiftJis = decodeStrictly(bytes, 'shift_jis');
  return shiftJis === undefined ? undefined : { text: shiftJis, encoding: 'shift_jis' };
}

/** A record of the file and the line it ends on. */
export interface CsvRecord {
  cells: string[];
  line: number;
}

/**
 * The records of CSV text (RFC 4180; rows may hold fewer cells than others), one at a time as
 * csv-parse streams them, blank lines skipped, each cell trimmed. A malformed file (a quote left
 * open, a record too long) throws CSV_MALFORMED naming the line.
 */
export async function* csvRecords(text: string): AsyncGenerator<CsvRecord> {
  const parser = Readable.from([text]).pipe(
    parse({ info: true, skip_empty_lines: true, relax_column_count: true, trim: true, max_record_size: MAX_RECORD_BYTES }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { cells: record, line: info.lines };
    }
  } catch (error) {
    if (error instanceof CsvError)
      throw new DomainError('CSV_MALFORMED', typeof error.lines === 'number' ? `${ERROR_MESSAGES.CSV_MALFORMED}: line ${error.lines}` : undefined);
    throw error;
  } finally {
    parser.destroy();
  }
}
