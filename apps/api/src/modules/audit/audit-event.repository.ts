import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { DataSource } from 'typeorm';
import type { KeyValues } from '../../common/http/paging-sql';
import { copyOut } from '../../database/copy-out';
import { decodeDeletedCount, deleteOldestRows, execute, readRows } from '../../database/typed-sql';
import { AuditEventEntity } from './audit-event.entity';
import {
  auditCsvCopy,
  auditPageQuery,
  decodeAuditEventRow,
  insertEvents,
  type AuditEventFilter,
  type AuditEventRow,
  type NewAuditEvent,
} from './audit-event.sql';

/** The only place that reads and writes audit events. */
@Injectable()
export class AuditEventRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * Writes the events in one statement, in the transaction in progress — there must be one (the
   * transaction of the change they record): a rolled back change leaves no event.
   */
  async insertAll(events: readonly NewAuditEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.txHost.withTransaction(Propagation.Mandatory, () => execute(this.txHost.tx, insertEvents(events)));
  }

  /** The number of the organization's events (one index-only count on audit_events_organization_idx). */
  countOfOrganization(organizationId: string): Promise<number> {
    return this.txHost.tx.getRepository(AuditEventEntity).countBy({ organizationId });
  }

  /**
   * Up to `limit` events matching the filter, newest first, after `after` when given (see
   * {@link auditPageQuery}).
   */
  page(filter: AuditEventFilter, after: KeyValues | null, limit: number): Promise<AuditEventRow[]> {
    const { sql, values } = auditPageQuery(filter, after, limit);
    return readRows(this.txHost.tx, { text: sql, values }, decodeAuditEventRow);
  }

  /**
   * The audit CSV's records of every event matching the filter, newest first, as Postgres writes
   * them (see {@link auditCsvCopy}), streamed on a connection of its own outside any transaction.
   */
  csvRecords(filter: AuditEventFilter): AsyncGenerator<Buffer> {
    return copyOut(this.dataSource, auditCsvCopy(filter));
  }

  /**
   * Deletes up to `batchSize` events older than `retentionDays` days; the number deleted. Rows
   * another instance is deleting are skipped (FOR UPDATE SKIP LOCKED), so that concurrent runs
   * share the work instead of waiting on or failing over each other.
   */
  async deleteOlderThan(retentionDays: number, batchSize: number): Promise<number> {
    const [row] = await readRows(this.txHost.tx, deleteOldestRows(AuditEventEntity, 'audit_events', retentionDays, batchSize), decodeDeletedCount);
    return row?.count ?? 0;
  }
}
