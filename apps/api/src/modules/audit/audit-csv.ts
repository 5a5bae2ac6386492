/** The columns of the audit CSV (the export of the audit log and the organization archive's audit-log.csv), in their order. */
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

export type AuditCsvColumn = (typeof AUDIT_CSV_COLUMNS)[number];
