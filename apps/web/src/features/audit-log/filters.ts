import type { AuditAction, AuditTargetType } from '@console/domain';

/** What the audit log is narrowed to. Dates are the values of date inputs (YYYY-MM-DD, '' = open). */
export interface AuditLogFilters {
  action: AuditAction | null;
  targetType: AuditTargetType | null;
  actorAccountId: string | null;
  from: string;
  to: string;
  /** The system-admin log only: one organization's events (null = all). */
  organizationId: string | null;
}

export const EMPTY_AUDIT_LOG_FILTERS: AuditLogFilters = Object.freeze({
  action: null,
  targetType: null,
  actorAccountId: null,
  from: '',
  to: '',
  organizationId: null,
});

/** The filters of the list and export calls; unset filters are left out. */
export interface AuditFilterBody {
  action?: AuditAction;
  targetType?: AuditTargetType;
  actorAccountId?: string;
  /** ISO: the start of the first day, in the browser's time zone. */
  from?: string;
  /** ISO, exclusive: the start of the day after the last day, in the browser's time zone. */
  to?: string;
  organizationId?: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local midnight starting a YYYY-MM-DD day; undefined for anything else. */
function startOfDay(value: string): Date | undefined {
  const match = DATE.exec(value);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function nextDay(start: Date): Date {
  return new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
}

/**
 * The API filters of what the user chose: whole days from the start of `from` up to the start of
 * the day after `to` (the API's `to` is exclusive; a range entered backwards is read in order),
 * the other filters as they are.
 */
export function auditFilterBody(filters: AuditLogFilters): AuditFilterBody {
  const body: AuditFilterBody = {};
  if (filters.action) body.action = filters.action;
  if (filters.targetType) body.targetType = filters.targetType;
  if (filters.actorAccountId) body.actorAccountId = filters.actorAccountId;
  if (filters.organizationId) body.organizationId = filters.organizationId;
  let first = startOfDay(filters.from);
  let last = startOfDay(filters.to);
  if (first && last && first > last) [first, last] = [last, first];
  if (first) body.from = first.toISOString();
  if (last) body.to = nextDay(last).toISOString();
  return body;
}

/** Whether any filter is set (the clear button is enabled). */
export function hasAuditFilters(filters: AuditLogFilters): boolean {
  return Object.keys(auditFilterBody(filters)).length > 0;
}
