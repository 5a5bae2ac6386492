import { AUDIT_ACTION_LABELS } from '@console/domain';
import { escapeLiteral } from 'pg';
import { csvCellSql } from '../../common/http/csv';
import { Keyset, keyTime, SqlParameters, type KeyValues } from '../../common/http/paging-sql';
import { EntityColumns, nullable, record, text, type Statement } from '../../database/typed-sql';
import { AccountEntity } from '../account/account.entity';
import { AUDIT_CSV_COLUMNS, type AuditCsvColumn } from './audit-csv';
import { AuditEventEntity } from './audit-event.entity';

/** The raw statements of the audit log (docs/architecture.md#repositories-and-sql). */

/** The columns of an event a listing reads as they are (its time is read as text, see {@link AuditEventRow}). */
/** The columns an event is written with (its id and time are the database's). */
const WRITTEN_FIELDS = [
  'actorAccountId',
  'actorIsSystemAdmin',
  'action',
  'targetType',
  'targetId',
  'organizationId',
  'projectId',
  'changes',
  'requestId',
  'ip',
  'userAgent',
] as const satisfies readonly (keyof AuditEventEntity)[];
const EVENT = new EntityColumns(AuditEventEntity, 'e', ['id', ...WRITTEN_FIELDS]);
const TIME = new EntityColumns(AuditEventEntity, 'e', ['occurredAt']);
const ACTOR = new EntityColumns(AccountEntity, 'a', ['id', 'name', 'email', 'deletedAt']);
const [ACTOR_ID_COLUMN, ...ACTOR_READ_COLUMNS] = ACTOR.columnNames();

/** What a listing or export selects; every field optional, combined with AND. */
export interface AuditEventFilter {
  organizationId?: string;
  actorAccountId?: string;
  action?: AuditEventEntity['action'];
  targetType?: AuditEventEntity['targetType'];
  targetId?: string;
  projectId?: string;
  /** Inclusive (ISO 8601). */
  from?: string;
  /** Exclusive (ISO 8601). */
  to?: string;
}

/** An event as the listings read it, with its actor's name and address. */
export interface AuditEventRow extends Omit<AuditEventEntity, 'occurredAt'> {
  /** UTC, to the microsecond: the keyset's own precision (a Date would cut it to milliseconds). */
  occurredAt: string;
  actorName: string | null;
  actorEmail: string | null;
  /** When the actor's account was deleted (its name and address are cleared then; docs/product-rules.md#account-deletion). */
  actorDeletedAt: Date | null;
}

export const decodeAuditEventRow = record<AuditEventRow>({
  ...EVENT.fields,
  occurredAt: text,
  actorName: nullable(text),
  actorEmail: nullable(text),
  actorDeletedAt: nullable(ACTOR.fields.deletedAt),
});

/** The order of the audit log: newest first, by time (to the microsecond) and id. */
export const AUDIT_KEYSET = new Keyset(
  [
    { sql: TIME.sql('occurredAt'), part: 'time' },
    { sql: EVENT.sql('id'), part: 'uuid' },
  ],
  'DESC',
);

/** The key of an event in {@link AUDIT_KEYSET}. */
export function auditKeyOf(row: AuditEventRow): KeyValues {
  return [row.occurredAt, row.id];
}

const FILTERED = ['organizationId', 'actorAccountId', 'action', 'targetType', 'targetId', 'projectId'] as const satisfies readonly (keyof AuditEventFilter)[];

/** The conditions of the filter, each value through `value` (a placeholder, or a literal where COPY takes no parameters). */
function filterConditions(filter: AuditEventFilter, value: (value: string) => string): string[] {
  const conditions: string[] = [];
  for (const field of FILTERED) {
    const wanted = filter[field];
    if (wanted !== undefined) conditions.push(`${EVENT.sql(field)} = ${value(wanted)}`);
  }
  if (filter.from !== undefined) conditions.push(`${TIME.sql('occurredAt')} >= ${value(filter.from)}::timestamptz`);
  if (filter.to !== undefined) conditions.push(`${TIME.sql('occurredAt')} < ${value(filter.to)}::timestamptz`);
  return conditions;
}

const whereOf = (conditions: readonly string[]): string => (conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '');

/** The events and their actors: each actor is read by primary key, the LIMIT keeping the lateral subquery a lookup per event. */
const EVENTS_WITH_ACTORS = `audit_events e LEFT JOIN LATERAL (SELECT ${ACTOR_READ_COLUMNS.join(', ')} FROM accounts WHERE ${ACTOR_ID_COLUMN} = ${EVENT.sql('actorAccountId')} LIMIT 1) a ON true`;

/**
 * The statement of one keyset page: the events matching the filter, newest first (occurred_at
 * DESC, id DESC), after `after` when given. It reads audit_events_organization_idx or
 * audit_events_occurred_at_idx in their order, so a deep page costs what the first one does.
 * Each event's actor is read by primary key, where a join could read every account.
 */
export function auditPageQuery(filter: AuditEventFilter, after: KeyValues | null, limit: number): { sql: string; values: unknown[] } {
  const parameters = new SqlParameters();
  const conditions = filterConditions(filter, (value) => parameters.param(value));
  if (after) conditions.push(AUDIT_KEYSET.after(after, parameters));
  const sql = `SELECT ${EVENT.select()}, ${keyTime(TIME.sql('occurredAt'))} AS "occurredAt", ${ACTOR.sql('name')} AS "actorName", ${ACTOR.sql('email')} AS "actorEmail", ${ACTOR.sql('deletedAt')} AS "actorDeletedAt"
    FROM ${EVENTS_WITH_ACTORS}
    ${whereOf(conditions)}
   ORDER BY ${AUDIT_KEYSET.orderBy()}
   LIMIT ${parameters.param(limit)}`;
  return { sql, values: parameters.values };
}

/** 'true' or 'false', or NULL for an event without an actor. */
const actorFlag = (condition: string): string => `CASE WHEN ${EVENT.sql('actorAccountId')} IS NULL THEN NULL WHEN ${condition} THEN 'true' ELSE 'false' END`;

/** The SQL of each column of the audit CSV. */
const AUDIT_CSV_SQL: Readonly<Record<AuditCsvColumn, string>> = {
  id: EVENT.sql('id'),
  occurredAt: keyTime(TIME.sql('occurredAt')),
  action: csvCellSql(EVENT.sql('action')),
  actionLabel: csvCellSql(`coalesce(${escapeLiteral(JSON.stringify(AUDIT_ACTION_LABELS))}::jsonb ->> ${EVENT.sql('action')}, ${EVENT.sql('action')})`),
  actorAccountId: csvCellSql(EVENT.sql('actorAccountId')),
  actorName: csvCellSql(ACTOR.sql('name')),
  actorEmail: csvCellSql(ACTOR.sql('email')),
  actorIsSystemAdmin: actorFlag(EVENT.sql('actorIsSystemAdmin')),
  actorDeleted: actorFlag(`${ACTOR.sql('deletedAt')} IS NOT NULL`),
  targetType: csvCellSql(EVENT.sql('targetType')),
  targetId: csvCellSql(EVENT.sql('targetId')),
  organizationId: csvCellSql(EVENT.sql('organizationId')),
  projectId: csvCellSql(EVENT.sql('projectId')),
  changes: csvCellSql(`${EVENT.sql('changes')}::text`),
  requestId: csvCellSql(EVENT.sql('requestId')),
  ip: csvCellSql(EVENT.sql('ip')),
  userAgent: csvCellSql(EVENT.sql('userAgent')),
};

/**
 * The statement writing the audit CSV's records of the events matching the filter, newest first,
 * one CSV line each, formatted by Postgres (see copyOut): the listing's order and plan without
 * its LIMIT, read as one statement (one snapshot) instead of a page at a time.
 */
export function auditCsvCopy(filter: AuditEventFilter): string {
  const conditions = filterConditions(filter, escapeLiteral);
  return `COPY (SELECT ${AUDIT_CSV_COLUMNS.map((column) => AUDIT_CSV_SQL[column]).join(', ')}
    FROM ${EVENTS_WITH_ACTORS}
    ${whereOf(conditions)}
   ORDER BY ${AUDIT_KEYSET.orderBy()}) TO STDOUT (FORMAT csv)`;
}

/** An event to write (see AuditService). */
export type NewAuditEvent = Omit<AuditEventEntity, 'id' | 'occurredAt'>;

const WRITTEN = new EntityColumns(AuditEventEntity, null, WRITTEN_FIELDS);

/**
 * Writes the events in one statement (TypeORM's insert cannot take their changes, JSON of any
 * shape); id and time are the database's.
 */
export function insertEvents(events: readonly NewAuditEvent[]): Statement {
  const parameters = new SqlParameters();
  const properties = Object.keys(WRITTEN.fields) as (keyof typeof WRITTEN.fields)[];
  const rows = events.map((e) => `(${properties.map((p) => parameters.param(p === 'changes' ? JSON.stringify(e.changes) : e[p])).join(', ')})`);
  return { text: `INSERT INTO audit_events (${WRITTEN.columnNames().join(', ')}) VALUES ${rows.join(', ')}`, values: parameters.values };
}
