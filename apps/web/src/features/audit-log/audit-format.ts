import { isAuditAction, isAuditTargetType } from '@console/domain';
import { formatDateTime, i18n } from '@/lib/i18n';
import '@/locales/ja/audit-log';

/** The time of an event in the console's language, e.g. 2026/01/02 03:04:05 in Japanese (the browser's time zone unless given). */
export function formatOccurredAt(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatDateTime(date, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
    ...(timeZone ? { timeZone } : {}),
  });
}

/** The label of an action; an action this build does not know shows as it is. */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? i18n.t(`auditLog.actions.${action}`) : action;
}

/** The label of a kind of target; one this build does not know shows as it is. */
export function auditTargetTypeLabel(targetType: string): string {
  return isAuditTargetType(targetType) ? i18n.t(`auditLog.targetTypes.${targetType}`) : targetType;
}

/**
 * A recorded value as text: null / undefined as （なし）, a string as it is, a number or a boolean
 * as written, anything else as indented JSON.
 */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined) return i18n.t('auditLog.noValue');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value, null, 2) ?? i18n.t('auditLog.noValue');
}

export interface AuditChangeRow {
  field: string;
  before: string;
  after: string;
}

/** Role names by role id: a recorded role id shows with its name. */
export type RoleNames = ReadonlyMap<string, string>;

/** The role names of organizations and projects (each holding its roles). */
export function roleNamesOf(holders: readonly { roles: readonly { id: string; name: string }[] }[]): Map<string, string> {
  return new Map(holders.flatMap((holder) => holder.roles.map((role) => [role.id, role.name] as const)));
}

/** A recorded value of `field`: a known role id (field roleId) as 'name (id)', anything else as {@link formatAuditValue}. */
function formatFieldValue(field: string, value: unknown, roleNames: RoleNames): string {
  const roleName = field === 'roleId' && typeof value === 'string' ? roleNames.get(value) : undefined;
  return roleName === undefined ? formatAuditValue(value) : `${roleName} (${String(value)})`;
}

/** The changed fields of an event (in the order recorded), each with its value before and after. */
export function auditChangeRows(changes: Readonly<Record<string, { before?: unknown; after?: unknown }>>, roleNames: RoleNames = new Map()): AuditChangeRow[] {
  return Object.entries(changes).map(([field, change]) => ({
    field,
    before: formatFieldValue(field, change.before, roleNames),
    after: formatFieldValue(field, change.after, roleNames),
  }));
}
