import { Injectable } from '@nestjs/common';
import type { AuditAction, AuditTargetType } from '@console/domain';
import type { EntityManager } from 'typeorm';
import type { AuditActor, AuditContext } from './audit-context';

/** A changed field: its value before and after (null when it did not exist). Never tokens, cookies or image bytes. */
export interface AuditChange {
  before: unknown;
  after: unknown;
}

export type AuditChanges = Record<string, AuditChange>;

export interface AuditEventInput {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  organizationId?: string | null;
  projectId?: string | null;
  changes?: AuditChanges;
  /** Replaces the context's actor: an account creating itself, a session of a user looked up by the service. */
  actor?: AuditActor | null;
}

/**
 * The fields of `after` whose values differ from `before` (compared as JSON), as changes. Fields
 * absent from `after` are left out: a partial update lists what it was asked to change.
 */
export function changedFields(before: object | null, after: Readonly<Record<string, unknown>>): AuditChanges {
  const changes: AuditChanges = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const previous: unknown = before === null ? null : ((before as Record<string, unknown>)[field] ?? null);
    if (JSON.stringify(previous) !== JSON.stringify(value)) changes[field] = { before: previous, after: value };
  }
  return changes;
}

/** Records audit events, always with the manager of the transaction that makes the change: a rolled back change leaves no event. */
@Injectable()
export class AuditService {
  async record(manager: EntityManager, context: AuditContext, event: AuditEventInput): Promise<void> {
    await this.recordAll(manager, context, [event]);
  }

  /** Several events of one call, in one statement. */
  async recordAll(manager: EntityManager, context: AuditContext, events: readonly AuditEventInput[]): Promise<void> {
    if (events.length === 0) return;
    const values: unknown[] = [];
    const rows = events.map((event) => {
      const actor = event.actor === undefined ? context.actor : event.actor;
      const row = [
        actor?.accountId ?? null,
        actor?.isSystemAdmin ?? false,
        event.action,
        event.targetType,
        event.targetId,
        event.organizationId ?? null,
        event.projectId ?? null,
        JSON.stringify(event.changes ?? {}),
        context.requestId,
        context.ip,
        context.userAgent,
      ];
      const placeholders = row.map((_, i) => `$${values.length + i + 1}`);
      values.push(...row);
      return `(${placeholders.join(', ')})`;
    });
    await manager.query(
      `INSERT INTO audit_events (actor_account_id, actor_is_system_admin, action, target_type, target_id, organization_id, project_id, changes, request_id, ip, user_agent)
       VALUES ${rows.join(', ')}`,
      values,
    );
  }
}
