import { AUDIT_ACTION_LABELS } from '@console/domain';
import type { Readable } from 'node:stream';
import { keysetCsvStream } from '../../common/http/csv';
import type { KeyValues } from '../../common/http/paging-sql';
import { auditKeyOf, type AuditEventRow } from './audit-event.sql';

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

function auditCsvCells(row: AuditEventRow) {
  return [
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
  ];
}

/** The CSV of every event the pages give, newest first, in UTF-8 with BOM (see {@link keysetCsvStream}). */
export function auditCsvStream(nextPage: (after: KeyValues | null) => Promise<AuditEventRow[]>, pageSize: number): Readable {
  return keysetCsvStream({ header: AUDIT_CSV_COLUMNS, nextPage, pageSize, keyOf: auditKeyOf, cells: auditCsvCells });
}
