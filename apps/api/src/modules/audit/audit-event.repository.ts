import { Injectable } from '@nestjs/common';
import type { AuditAction, AuditTargetType } from '@console/domain';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Keyset, keyTime, SqlParameters, type KeyValues } from '../../common/http/paging-sql';

/** What a listing or export selects; every field optional, combined with AND. */
export interface AuditEventFilter {
  organizationId?: string;
  actorAccountId?: string;
  action?: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  projectId?: string;
  /** Inclusive (ISO 8601). */
  from?: string;
  /** Exclusive (ISO 8601). */
  to?: string;
}

/** The order of the audit log: newest first, by time (to the microsecond) and id. */
export const AUDIT_KEYSET = new Keyset(
  [
    { sql: 'e.occurred_at', part: 'time' },
    { sql: 'e.id', part: 'uuid' },
  ],
  'DESC',
);

/** The key of an event in {@link AUDIT_KEYSET}. */
export function auditKeyOf(row: AuditEventRow): KeyValues {
  return [row.occurred_at, row.id];
}

export interface AuditEventRow {
  id: string;
  /** UTC, to the microsecond: the keyset's own precision (a Date would cut it to milliseconds). */
  occurred_at: string;
  actor_account_id: string | null;
  actor_is_system_admin: boolean;
  actor_name: string | null;
  actor_email: string | null;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: string;
  organization_id: string | null;
  project_id: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
  request_id: string | null;
  ip: string | null;
  user_agent: string | null;
}

const FILTER_COLUMNS = {
  organizationId: 'organization_id',
  actorAccountId: 'actor_account_id',
  action: 'action',
  targetType: 'target_type',
  targetId: 'target_id',
  projectId: 'project_id',
} as const satisfies Partial<Record<keyof AuditEventFilter, string>>;

/**
 * The statement of one keyset page: the events matching the filter, newest first (occurred_at
 * DESC, id DESC), after `after` when given. It reads audit_events_organization_idx or
 * audit_events_occurred_at_idx in their order, so a deep page costs what the first one does, and
 * each event's actor by primary key (the LIMIT keeps the lateral subquery a lookup per event: a
 * join of an export's page of 1,000 events could otherwise read every account).
 */
export function auditPageQuery(filter: AuditEventFilter, after: KeyValues | null, limit: number): { sql: string; values: unknown[] } {
  const conditions: string[] = [];
  const parameters = new SqlParameters();
  const param = (value: unknown): string => parameters.param(value);
  for (const [field, column] of Object.entries(FILTER_COLUMNS) as [keyof typeof FILTER_COLUMNS, string][]) {
    const value = filter[field];
    if (value !== undefined) conditions.push(`e.${column} = ${param(value)}`);
  }
  if (filter.from !== undefined) conditions.push(`e.occurred_at >= ${param(filter.from)}::timestamptz`);
  if (filter.to !== undefined) conditions.push(`e.occurred_at < ${param(filter.to)}::timestamptz`);
  if (after) conditions.push(AUDIT_KEYSET.after(after, parameters));
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const sql = `SELECT e.id, ${keyTime('e.occurred_at')} AS occurred_at,
         e.actor_account_id, e.actor_is_system_admin, a.name AS actor_name, a.email AS actor_email,
         e.action, e.target_type, e.target_id, e.organization_id, e.project_id, e.changes, e.request_id, e.ip, e.user_agent
    FROM audit_events e LEFT JOIN LATERAL (SELECT name, email FROM accounts WHERE id = e.actor_account_id LIMIT 1) a ON true
    ${where}
   ORDER BY ${AUDIT_KEYSET.orderBy()}
   LIMIT ${param(limit)}`;
  return { sql, values: parameters.values };
}

/** An event to write (see AuditService). */
interface NewAuditEvent {
  actorAccountId: string | null;
  actorIsSystemAdmin: boolean;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  organizationId: string | null;
  projectId: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** The only place that reads and writes audit events. */
@Injectable()
export class AuditEventRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /**
   * Writes the events in one statement, in the transaction in progress — there must be one (the
   * transaction of the change they record): a rolled back change leaves no event.
   */
  async insertAll(events: readonly NewAuditEvent[]): Promise<void> {
    if (events.length === 0) return;
    const values: unknown[] = [];
    const rows = events.map((e) => {
      const row = [e.actorAccountId, e.actorIsSystemAdmin, e.action, e.targetType, e.targetId, e.organizationId, e.projectId, JSON.stringify(e.changes), e.requestId, e.ip, e.userAgent];
      const placeholders = row.map((_, i) => `$${values.length + i + 1}`);
      values.push(...row);
      return `(${placeholders.join(', ')})`;
    });
    await this.txHost.withTransaction(Propagation.Mandatory, () =>
      this.txHost.tx.query(
        `INSERT INTO audit_events (actor_account_id, actor_is_system_admin, action, target_type, target_id, organization_id, project_id, changes, request_id, ip, user_agent)
         VALUES ${rows.join(', ')}`,
        values,
      ),
    );
  }

  /**
   * Up to `limit` events matching the filter, newest first, after `after` when given (see
   * {@link auditPageQuery}).
   */
  page(filter: AuditEventFilter, after: KeyValues | null, limit: number): Promise<AuditEventRow[]> {
    const { sql, values } = auditPageQuery(filter, after, limit);
    return this.txHost.tx.query<AuditEventRow[]>(sql, values);
  }

  /**
   * Deletes up to `batchSize` events older than `retentionDays` days; the number deleted. Rows
   * another instance is deleting are skipped (FOR UPDATE SKIP LOCKED), so that concurrent runs
   * share the work instead of waiting on or failing over each other.
   */
  async deleteOlderThan(retentionDays: number, batchSize: number): Promise<number> {
    const [row] = await this.txHost.tx.query<{ count: number }[]>(
      `WITH deleted AS (
         DELETE FROM audit_events WHERE id IN (
           SELECT id FROM audit_events WHERE occurred_at < now() - make_interval(days => $1)
            ORDER BY occurred_at LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING 1)
       SELECT count(*)::int AS count FROM deleted`,
      [retentionDays, batchSize],
    );
    return row?.count ?? 0;
  }
}
