import type { Pool, PoolOptions, QueryConfig } from 'pg';
import { DataSource, QueryFailedError, getMetadataArgsStorage, type EntityManager, type QueryRunner } from 'typeorm';
import { driverPool } from './driver-pool';

/**
 * The typed path of the statements TypeORM's query builder cannot write (keyset tuples, trigram
 * searches, SKIP LOCKED, upserts with RETURNING): their column lists come from the entities'
 * mappings and their rows are decoded, not cast (docs/architecture.md#repositories-and-sql).
 */

/**
 * Turns a value read from the database into a T, or throws a {@link DecodeError} naming where it is
 * (`row 3.name`). Where a value sits is put together only when one is refused, as the error passes
 * the decoders around it: built for every row and field, it was the largest allocation of a list call.
 */
export type Decoder<T> = (value: unknown) => T;

/** A value its decoder refused; the decoders around it name where it is as it passes them ({@link within}). */
class DecodeError extends TypeError {
  /** Where the value is, innermost part first (`.name`, ` 3`, `row`). */
  private readonly path: string[] = [];

  constructor(
    private readonly expected: string,
    private readonly read: string,
  ) {
    super(`expected ${expected}, read ${read}`);
  }

  /** The error, with `part` of the path put before the parts known so far. */
  within(part: string): this {
    this.path.push(part);
    this.message = `${this.path.toReversed().join('')}: expected ${this.expected}, read ${this.read}`;
    return this;
  }
}

function fail(expected: string, value: unknown, at?: string): never {
  const error = new DecodeError(expected, value === null ? 'null' : typeof value);
  throw at === undefined ? error : error.within(at);
}

/** `error`, with `part` put before the path of a value a decoder refused. */
function within(error: unknown, part: string): unknown {
  return error instanceof DecodeError ? error.within(part) : error;
}

/** Decodes `value`, named `at` where a value in it is refused (`at 3.name`). */
export function decodeAt<T>(decode: Decoder<T>, value: unknown, at: string): T {
  try {
    return decode(value);
  } catch (error) {
    throw within(error, at);
  }
}

const check =
  <T>(expected: string, test: (value: unknown) => value is T): Decoder<T> =>
  (value) =>
    test(value) ? value : fail(expected, value);

export const text = check('a string', (value): value is string => typeof value === 'string');
export const integer = check('an integer', (value): value is number => Number.isInteger(value));
export const number = check('a number', (value): value is number => typeof value === 'number');
export const bool = check('a boolean', (value): value is boolean => typeof value === 'boolean');
const date = check('a Date', (value): value is Date => value instanceof Date);
/** A jsonb value as the entity types it (the database checks it is JSON; its shape is the entity's). */
const json = check('a JSON value', (value): value is never => value !== undefined);

export const nullable =
  <T>(decode: Decoder<T>): Decoder<T | null> =>
  (value) =>
    value === null ? null : decode(value);

export const arrayOf =
  <T>(item: Decoder<T>): Decoder<T[]> =>
  (value) => {
    if (!Array.isArray(value)) return fail('an array', value);
    const decoded: T[] = [];
    let i = 0;
    try {
      for (; i < value.length; i += 1) decoded.push(item(value[i]));
    } catch (error) {
      throw within(error, ` ${i}`);
    }
    return decoded;
  };

/**
 * A decoder of rows (or JSON objects) with these fields. Each decoded object is a copy of one with
 * every field already in place, so that V8 makes it at its final size in one allocation instead of
 * growing it field by field (a row of 18 fields: 195 instead of 500–540 bytes, in about two thirds of
 * the time; docs/operations.md#hot-calls-and-the-deployments-node-options).
 */
export function record<T>(fields: { readonly [K in keyof T]: Decoder<T[K]> }): Decoder<T> {
  const entries = Object.entries<Decoder<unknown>>(fields);
  const shape = Object.fromEntries(entries.map(([name]) => [name, undefined])) as Record<string, unknown>;
  return (value) => {
    if (typeof value !== 'object' || value === null) return fail('a row', value);
    const row = value as Record<string, unknown>;
    const decoded = { ...shape };
    let name = '';
    try {
      for (const [field, decode] of entries) {
        name = field;
        decoded[field] = decode(row[field]);
      }
    } catch (error) {
      throw within(error, `.${name}`);
    }
    return decoded as T;
  };
}

/** The decoder of a column of each type the entities use. */
const BY_TYPE: Readonly<Record<string, Decoder<unknown>>> = {
  varchar: text,
  text,
  uuid: text,
  char: text,
  integer,
  /** Read as a string by the driver (a bigint can exceed a double's exact integers). */
  bigint: text,
  boolean: bool,
  timestamptz: date,
  jsonb: json,
};

/** A column of an entity as its decorators map it: its name in the table and its decoder. */
interface MappedColumn {
  readonly name: string;
  readonly decode: Decoder<unknown>;
}

/** An entity class (its audit bases are abstract). */
type EntityClass<E> = abstract new () => E;

/** The columns of the entity by property, from its decorators and those of its base classes (as TypeORM reads them). */
function mappedColumns(entity: EntityClass<unknown>): ReadonlyMap<string, MappedColumn> {
  const tree: EntityClass<unknown>[] = [];
  for (let target: unknown = entity; typeof target === 'function' && target !== Function.prototype; target = Object.getPrototypeOf(target)) {
    tree.push(target as EntityClass<unknown>);
  }
  const columns = new Map<string, MappedColumn>();
  for (const { propertyName, options } of getMetadataArgsStorage().filterColumns(tree)) {
    const type = String(options.type);
    const decode = BY_TYPE[type] ?? fail('a column type with a decoder', type, `${entity.name}.${propertyName}`);
    columns.set(propertyName, { name: options.name ?? propertyName, decode: options.nullable === true ? nullable(decode) : decode });
  }
  return columns;
}

/**
 * Columns of an entity read by a raw statement from the table aliased `alias` (null: the table of
 * an INSERT, UPDATE or DELETE): their SQL, a select list and a JSON object under the property names,
 * and the decoders of those fields, all from the entity's mapping, so that renaming or retyping a
 * column changes every statement that reads it.
 */
export class EntityColumns<E, P extends keyof E & string> {
  /** The decoder of each property, for {@link record}. */
  readonly fields: { readonly [K in P]: Decoder<E[K]> };
  private readonly names: ReadonlyMap<P, string>;
  private selected: string | undefined;

  constructor(
    entity: EntityClass<E>,
    private readonly alias: string | null,
    private readonly properties: readonly P[],
  ) {
    const mapped = mappedColumns(entity);
    const column = (property: P): MappedColumn => mapped.get(property) ?? fail('a mapped column', undefined, `${entity.name}.${property}`);
    this.names = new Map(properties.map((property) => [property, column(property).name]));
    this.fields = Object.fromEntries(properties.map((property) => [property, column(property).decode])) as EntityColumns<E, P>['fields'];
  }

  /** `alias.column` of the property (`"column"` without an alias). */
  sql(property: P): string {
    return this.alias === null ? `"${this.column(property)}"` : `${this.alias}.${this.column(property)}`;
  }

  /** The columns' names in the table (for orUpdate lists). */
  columnNames(): string[] {
    return this.properties.map((property) => this.column(property));
  }

  /** The column's name in the table (for a SET list). */
  column(property: P): string {
    return this.names.get(property) ?? property;
  }

  /** `alias.column AS "property", …` (built once: statements ask for it on every call) */
  select(): string {
    this.selected ??= this.properties.map((property) => `${this.sql(property)} AS "${property}"`).join(', ');
    return this.selected;
  }

  /** `json_build_object('property', alias.column, …)` */
  json(): string {
    return `json_build_object(${this.properties.map((property) => `'${property}', ${this.sql(property)}`).join(', ')})`;
  }
}

/** Every mapped column of the entity. */
export function allColumns<E>(entity: EntityClass<E>, alias: string): EntityColumns<E, keyof E & string> {
  return new EntityColumns(entity, alias, [...mappedColumns(entity).keys()] as (keyof E & string)[]);
}

/** A raw statement and its parameters. */
export interface Statement {
  readonly text: string;
  readonly values?: readonly unknown[];
  /**
   * Its best plan depends on its values (a search's pattern: a rare one is found through a trigram
   * index, a common one along the listing's order): planned for each call's values, never prepared.
   */
  readonly planPerCall?: boolean;
  /**
   * A statement that reads the same rows with the same values by another plan, run instead when
   * the planner puts that plan's cost at no more than `costFactor` times the cost of this one's:
   * where the planner's choice of a plan for this statement rests on an estimate it cannot make
   * well (a search's walk along the listing's order: see Keyset.pageQuery). Both are planned once
   * more for it, together, in one round trip.
   */
  readonly alternative?: { readonly statement: Statement; readonly costFactor: number };
}

/** What a statement runs on: the transaction's manager, the application's manager or the data source. */
export type SqlRunner = Pick<EntityManager, 'query'> & ({ readonly queryRunner?: QueryRunner; readonly connection: DataSource } | DataSource);

/** Most statements given a name; the texts after them run unnamed (a text built with varying lists of parameters, say). */
const MAX_PREPARED = 500;
/** The name of each prepared statement's text, the same on every connection of the process. */
const preparedNames = new Map<string, string>();

/**
 * The name the statement is prepared under on the pool's connections, when the pool prepares
 * statements (`preparedStatements` among its options, data-source.ts) and its plan need not be made
 * for each call's values. A connection then parses the statement once, and after five calls Postgres
 * may keep one generic plan of it (plan_cache_mode auto: when it is estimated to cost no more than
 * the plans it made for the calls' values), so that a hot call's statements are neither sent in full
 * nor parsed and planned again on every call.
 */
function preparedName(pool: Pool, statement: Statement): string | undefined {
  if (statement.planPerCall === true || !(pool.options as PoolOptions & { preparedStatements?: boolean }).preparedStatements) return undefined;
  let name = preparedNames.get(statement.text);
  if (name === undefined && preparedNames.size < MAX_PREPARED) {
    name = `console_${preparedNames.size + 1}`;
    preparedNames.set(statement.text, name);
  }
  return name;
}

/**
 * SQLSTATE feature_not_supported: Postgres refuses so a prepared statement whose plan now reads a
 * column of another type ("cached plan must not change result type", after a migration changed it
 * while the statement stayed prepared), on every later call on that connection.
 */
const STALE_PLAN = '0A000';

function isStalePlan(query: QueryConfig, error: unknown): boolean {
  return query.name !== undefined && (error as { code?: unknown }).code === STALE_PLAN;
}

/**
 * Runs a statement on a connection of the pool, held as TypeORM's query runner holds one: it
 * listens for errors while it is held, and goes back to the pool after the statement, with the
 * error it met if it broke (the pool then drops it), else for reuse (a refused statement included,
 * but for a prepared one whose plan went stale: that connection would refuse it again).
 */
async function onPooledConnection(pool: Pool, query: QueryConfig): Promise<unknown[]> {
  const connection = await pool.connect();
  let broken: Error | undefined;
  const onError = (error: Error): void => {
    broken ??= error;
  };
  connection.on('error', onError);
  try {
    const { rows }: { rows: unknown[] } = await connection.query(query);
    return rows;
  } catch (error) {
    if (isStalePlan(query, error)) broken ??= error as Error;
    throw error;
  } finally {
    connection.removeListener('error', onError);
    connection.release(broken);
  }
}

/**
 * Runs a statement on the pool, prepared when it may be ({@link preparedName}); one whose prepared
 * plan went stale runs once more, unprepared (it did not run: Postgres refuses it before).
 */
async function runPooled(pool: Pool, statement: Statement, values: unknown[] | undefined): Promise<unknown[]> {
  const name = preparedName(pool, statement);
  const unprepared = { text: statement.text, values };
  if (name === undefined) return onPooledConnection(pool, unprepared);
  const prepared = { ...unprepared, name };
  try {
    return await onPooledConnection(pool, prepared);
  } catch (error) {
    if (!isStalePlan(prepared, error)) throw error;
    return onPooledConnection(pool, unprepared);
  }
}

/**
 * Sends a statement and answers its rows: within a transaction on the transaction's connection,
 * through TypeORM's query runner; else on a connection of the pool taken for it and given back
 * (as TypeORM's runner does), without the runner, its events and its result objects (the hot
 * calls' reads go this way). Either way the data source's logger sees the statement (and its
 * failure), and a statement that fails throws TypeORM's QueryFailedError (query-errors.ts reads its
 * SQLSTATE, connection-loss.ts its cause).
 */
async function send(runner: SqlRunner, given: Statement): Promise<unknown> {
  const statement = given.alternative !== undefined && (await takesAlternative(runner, given, given.alternative)) ? given.alternative.statement : given;
  const values = statement.values === undefined ? undefined : [...statement.values];
  const source = runner instanceof DataSource ? runner : runner.queryRunner === undefined ? runner.connection : undefined;
  const pool = source === undefined ? undefined : driverPool(source);
  if (source === undefined || pool === undefined) return rowsOf(await runner.query(statement.text, values));
  source.logger.logQuery(statement.text, values);
  try {
    return await runPooled(pool, statement, values);
  } catch (error) {
    source.logger.logQueryError(error as Error, statement.text, values);
    throw new QueryFailedError(statement.text, values, error as Error);
  }
}

/** The top of a plan and the total costs of the plans under it (the branches of a UNION ALL), not the nodes below those. */
interface PlanTop {
  readonly 'Node Type': string;
  readonly Plans?: readonly { readonly 'Total Cost': number }[];
}

const decodeBranch = record<{ 'Total Cost': number }>({ 'Total Cost': number });
const decodePlanTop = record<PlanTop>({ 'Node Type': text, Plans: (plans) => (plans === undefined ? undefined : arrayOf(decodeBranch)(plans)) });
const decodeExplained = record<{ 'QUERY PLAN': { Plan: PlanTop }[] }>({ 'QUERY PLAN': arrayOf(record<{ Plan: PlanTop }>({ Plan: decodePlanTop })) });

/**
 * Whether the planner puts the alternative's plan at no more than its factor times the statement's
 * (EXPLAIN's total costs, both planned as the branches of one UNION ALL, each as it would be alone).
 */
async function takesAlternative(runner: SqlRunner, statement: Statement, alternative: NonNullable<Statement['alternative']>): Promise<boolean> {
  const explain = { text: `EXPLAIN (FORMAT JSON) (${statement.text}) UNION ALL (${alternative.statement.text})`, values: statement.values, planPerCall: true };
  const [explained] = decodeAt(arrayOf(decodeExplained), await send(runner, explain), 'plan');
  const append = explained?.['QUERY PLAN'][0]?.Plan;
  const [own, other] = append?.['Node Type'] === 'Append' ? (append.Plans ?? []) : [];
  return own !== undefined && other !== undefined && other['Total Cost'] <= alternative.costFactor * own['Total Cost'];
}

/** Runs the statement and decodes its rows (an UPDATE or DELETE … RETURNING included). */
export async function readRows<T>(runner: SqlRunner, statement: Statement, decode: Decoder<T>): Promise<T[]> {
  return decodeAt(arrayOf(decode), await send(runner, statement), 'row');
}

/** The rows of what TypeORM's query answered: the rows, or [rows, count] for an UPDATE or DELETE. */
export function rowsOf(result: unknown): unknown {
  return Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number' ? result[0] : result;
}

/** Runs a statement whose rows, if any, are not read. */
export async function execute(runner: SqlRunner, statement: Statement): Promise<void> {
  await send(runner, statement);
}

/**
 * Deletes up to `batchSize` of the oldest rows of `table` (the entity's, with an `id` and an
 * `occurredAt`) written more than `retentionDays` ago, skipping rows another run is deleting
 * (FOR UPDATE SKIP LOCKED); its row is the number deleted ({@link decodeDeletedCount}).
 */
export function deleteOldestRows(
  entity: EntityClass<{ id: unknown; occurredAt: unknown }>,
  table: string,
  retentionDays: number,
  batchSize: number,
): Statement {
  const row = new EntityColumns(entity, 'e', ['id']);
  const old = new EntityColumns(entity, 'old', ['id', 'occurredAt']);
  return {
    text: `WITH deleted AS (
         DELETE FROM ${table} e WHERE ${row.sql('id')} IN (
           SELECT ${old.sql('id')} FROM ${table} old WHERE ${old.sql('occurredAt')} < now() - make_interval(days => $1)
            ORDER BY ${old.sql('occurredAt')} LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING 1)
       SELECT count(*)::int AS count FROM deleted`,
    values: [retentionDays, batchSize],
  };
}
export const decodeDeletedCount = record<{ count: number }>({ count: integer });
