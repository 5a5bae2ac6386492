import { DomainError, isValidId, LIST_PAGE_SIZE, MAX_PAGE_SIZE, UNPAGED_LIST_CAP, type IdKind } from '@console/domain';
import type { Statement } from '../../database/typed-sql';
import { textProblem } from './request-body';

/**
 * What a value of a keyset is, as a cursor carries it: a time to the microsecond (UTC text, see
 * {@link keyTime}), a uuid, a text (a name, an e-mail address) or an id of the product.
 */
type KeyPart = 'time' | 'uuid' | 'text' | IdKind;

/** A column of a keyset: its SQL expression and what its values are. */
interface KeyColumn {
  readonly sql: string;
  readonly part: KeyPart;
}

/** The values of a keyset after which a page starts, in the order of its columns. */
export type KeyValues = readonly string[];

const TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Longest text value of a key (an e-mail address; names are shorter). */
const MAX_TEXT_KEY_LENGTH = 320;

/** Casts of the parameters whose type the comparison does not give (the others take their column's). */
const CASTS: Partial<Record<KeyPart, string>> = { time: '::timestamptz', uuid: '::uuid' };

/**
 * Whether the text is an instant as {@link keyTime} writes it: a date and time that exist (not
 * 2026-02-30 nor 24:00, which JavaScript would roll over and Postgres refuses), in the years 1 to
 * 9999 (Postgres has no year 0).
 */
function isKeyTime(value: string): boolean {
  const year = TIME.exec(value)?.[1];
  if (year === undefined || Number(year) < 1) return false;
  const milliseconds = `${value.slice(0, 23)}Z`;
  const time = Date.parse(milliseconds);
  return !Number.isNaN(time) && new Date(time).toISOString() === milliseconds;
}

function isKeyValue(part: KeyPart, value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (part === 'time') return isKeyTime(value);
  if (part === 'uuid') return UUID.test(value);
  if (part === 'text') return value.length <= MAX_TEXT_KEY_LENGTH && textProblem(value) === undefined;
  return isValidId(part, value);
}

/** The SQL of a timestamp column as a key value: UTC text to the microsecond (a Date would cut it to milliseconds). */
export function keyTime(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The opaque cursor of the page after the row whose key values are `key`. */
export function encodeCursor(key: KeyValues): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** What the statement of one page of a listing reads. */
export interface ListWindow {
  /** Rows per page; null when the listing answers the bare (capped) array. */
  readonly pageSize: number | null;
  /** Rows to read: one more than a page (telling whether another follows), or the cap. */
  readonly fetch: number;
  /** The key the page starts after; null for the first page. */
  readonly after: KeyValues | null;
  /** The ILIKE pattern of the query; null when there is none. */
  readonly pattern: string | null;
}

/** The parts of a listing's statement that are its own. */
interface ListStatement {
  select: string;
  /** The tables and their joins. */
  from: string;
  /** The columns the query is matched against: a row matches when any of them does. */
  search: readonly string[];
  /**
   * The search's columns belong to different tables (no one index serves them together): a page
   * is then read per column, each through the plan that suits it (that column's trigram index
   * for a rare match, the listing's order for a common one), and the first rows of their union
   * kept, instead of sorting every row that matches any column.
   */
  searchApart?: boolean;
  /**
   * The listing is ordered by the column it searches, so that matches sharing a prefix sit
   * together in its order: a page of a search may then be read from every match sorted, where the
   * planner puts that at no more than SORTED_MATCHES_COST_FACTOR times its walk along the order.
   */
  searchInOrder?: boolean;
  /** The conditions of the listing's scope (e.g. one organization's rows). */
  where?: (sql: SqlParameters) => string[];
}

/**
 * A search in a listing ordered by the column it searches (ListStatement.searchInOrder) reads every
 * match and sorts them (through the trigram indexes, where the pattern has three characters)
 * instead of walking the listing's order until a page is full, when the planner puts that at no
 * more than this many times the walk. The planner estimates the walk's cost as if the matches were
 * spread evenly over the order; but matches often sit together there (names that share a prefix:
 * the 1,042 organizations named 佐藤商事 and a number come after 16,666 others in the order, a walk
 * of 12–20 ms where reading and sorting them takes 3–4 ms), and the walk then costs many times its
 * estimate. Reading every match costs what the planner expects wherever they sit; where the planner
 * misjudges nothing, the search costs at most twice what it would have. Planning both costs one
 * planning more (0.3–0.5 ms for a listing of one table, several for a join).
 */
const SORTED_MATCHES_COST_FACTOR = 2;

/** Numbered parameters of one statement: `param(value)` appends the value and answers its placeholder (`$3`). */
export class SqlParameters {
  readonly values: unknown[] = [];

  param(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The rows a page reads that its statement writes out (`LIMIT 51`) instead of sending them as a
 * parameter: a page of the web's size, of the largest size and the cap of a listing without limit
 * (one more than a page, telling whether another follows), so that each listing has at most three
 * texts of them to prepare. The generic plan of a prepared statement is costed for the rows it
 * reads, as the plans for its values are; with `LIMIT $n` Postgres costs it for a tenth of the rows
 * that match, finds it dearer than the plans for the values (by a thousand times for the first page
 * of every account) and plans the statement again at every call (docs/operations.md#prepared-statements).
 */
const WRITTEN_FETCHES: ReadonlySet<number> = new Set([LIST_PAGE_SIZE + 1, MAX_PAGE_SIZE + 1, UNPAGED_LIST_CAP]);

/**
 * The order of a listing: a unique tuple of columns ending in an id, all in one direction, so
 * that a page starts after the last row of the previous one by one row-value comparison that
 * an index in the same order serves (no OFFSET: a deep page costs what the first one does).
 */
export class Keyset {
  constructor(
    private readonly columns: readonly KeyColumn[],
    private readonly direction: 'ASC' | 'DESC' = 'ASC',
  ) {}

  /**
   * The key a cursor stands for; VALIDATION_FAILED when it is not one this listing gave out: the
   * cursor must be exactly what {@link encodeCursor} writes for its key (no other spelling of the
   * base64url or the JSON), and each value what the column holds (see {@link isKeyValue}).
   */
  decode(cursor: string): KeyValues {
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      parsed = undefined;
    }
    if (
      Array.isArray(parsed) &&
      parsed.length === this.columns.length &&
      this.columns.every((column, i) => isKeyValue(column.part, parsed[i])) &&
      encodeCursor(parsed as string[]) === cursor
    ) {
      return parsed as string[];
    }
    throw new DomainError('VALIDATION_FAILED', 'cursor must be the nextCursor of a previous page');
  }

  /** The condition on the rows after `key`: `(a, b) > ($1, $2)` (`<` when descending). */
  after(key: KeyValues, sql: SqlParameters): string {
    const values = this.columns.map((column, i) => `${sql.param(key[i])}${CASTS[column.part] ?? ''}`);
    return `(${this.keyList()}) ${this.direction === 'ASC' ? '>' : '<'} (${values.join(', ')})`;
  }

  /**
   * The statement of one page of a listing: its rows in scope that match the window's pattern,
   * after the window's key, in this order, as many as the window reads.
   */
  pageQuery(window: ListWindow, statement: ListStatement): Statement {
    const sql = new SqlParameters();
    const conditions = this.scope(window, statement, sql);
    const fetch = WRITTEN_FETCHES.has(window.fetch) ? String(window.fetch) : sql.param(window.fetch);
    const limit = `ORDER BY ${this.orderBy()} LIMIT ${fetch}`;
    const where = (more: string[]): string => (conditions.length + more.length > 0 ? `WHERE ${[...conditions, ...more].join(' AND ')}` : '');
    const page = (more: string[]): string => `SELECT ${statement.select} FROM ${statement.from} ${where(more)} ${limit}`;
    if (window.pattern === null || statement.search.length === 0) return { text: page([]), values: sql.values };
    const pattern = sql.param(window.pattern);
    // A search is planned for its pattern (Statement.planPerCall): one generic plan for every
    // pattern would walk the listing's order through the rows for a rare one.
    if (statement.search.length > 1 && statement.searchApart === true) {
      const key = this.keyList();
      const pages = statement.search.map((column) => `(SELECT ${key} FROM ${statement.from} ${where([`${column} ILIKE ${pattern}`])} ${limit})`);
      return { text: page([`(${key}) IN (${pages.join(' UNION ALL ')})`]), values: sql.values, planPerCall: true };
    }
    const match = matching(statement.search, pattern);
    const walk = { text: page([match]), values: sql.values, planPerCall: true };
    if (statement.searchInOrder !== true) return walk;
    return {
      ...walk,
      alternative: {
        statement: { text: page([match, this.amongSorted(`FROM ${statement.from} ${where([match])}`, fetch)]), values: sql.values, planPerCall: true },
        costFactor: SORTED_MATCHES_COST_FACTOR,
      },
    };
  }

  /**
   * The condition that a row's key is among the first `fetch` keys, in this order, of the rows
   * `fromWhere` reads: the inner query reads them all and sorts them (OFFSET 0 keeps the planner
   * from walking the order there).
   */
  private amongSorted(fromWhere: string, fetch: string): string {
    const keys = this.columns.map((_column, i) => `key_${i + 1}`);
    const keyed = this.columns.map((column, i) => `${column.sql} AS ${keys[i]}`).join(', ');
    const order = keys.map((key) => `${key} ${this.direction}`).join(', ');
    return `(${this.keyList()}) IN (SELECT ${keys.join(', ')} FROM (SELECT ${keyed} ${fromWhere} OFFSET 0) matches ORDER BY ${order} LIMIT ${fetch})`;
  }

  /** The keyset's columns, as a row value's list (`a.name, a.id`). */
  private keyList(): string {
    return this.columns.map((column) => column.sql).join(', ');
  }

  /** The conditions of the listing's scope and of the window's start. */
  private scope(window: ListWindow, statement: ListStatement, sql: SqlParameters): string[] {
    const conditions = statement.where?.(sql) ?? [];
    if (window.after !== null) conditions.push(this.after(window.after, sql));
    return conditions;
  }

  /** The ORDER BY list of the keyset. */
  orderBy(): string {
    return this.columns.map((column) => `${column.sql} ${this.direction}`).join(', ');
  }
}

/** The condition that any of the columns matches the pattern (its placeholder). */
function matching(columns: readonly string[], pattern: string): string {
  const matches = columns.map((column) => `${column} ILIKE ${pattern}`);
  return matches.length > 1 ? `(${matches.join(' OR ')})` : matches.join('');
}

/** The ILIKE pattern of a case-insensitive substring search: the wildcards % and _ (and the escape \) of the text are matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}
