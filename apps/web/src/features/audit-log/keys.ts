import type { AuditFilterBody } from './filters';

/** Whose audit log: one organization's (organization settings) or every organization's (system admin). */
export type AuditLogScope = { kind: 'organization'; organizationId: string } | { kind: 'all' };

/** The query keys of the audit log. */
export const auditLogKeys = {
  list: (scope: AuditLogScope, filters: AuditFilterBody) =>
    scope.kind === 'organization' ? (['auditLog', 'organization', scope.organizationId, filters] as const) : (['auditLog', 'all', filters] as const),
};
