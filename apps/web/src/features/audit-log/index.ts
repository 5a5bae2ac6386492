/** Audit logs of an organization or of every organization (system admins). */
export { roleNamesOf } from './audit-format';
export { AuditLogView } from './components/audit-log-view';
