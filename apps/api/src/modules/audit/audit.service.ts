import { Injectable } from '@nestjs/common';
import type { AuditAction, AuditTargetType } from '@console/domain';
import { ChangeEventWriter } from '../change-event/change-event.writer';
import type { AuditActor, AuditContext } from './audit-context';
import { AuditEventRepository } from './audit-event.repository';

/** A changed field: its value before and after (null when it did not exist). Never tokens, cookies or image bytes. */
interface AuditChange {
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

/**
 * Records audit events, always in the transaction that makes the change: a rolled back change
 * leaves no event. The changes that sibling products learn of also make their change events
 * (packages/domain/src/events.ts) in that transaction: never an event without its change, nor a
 * change without its event.
 */
@Injectable()
export class AuditService {
  constructor(
    private readonly events: AuditEventRepository,
    private readonly changeEvents: ChangeEventWriter,
  ) {}

  async record(context: AuditContext, event: AuditEventInput): Promise<void> {
    await this.recordAll(context, [event]);
  }

  /** Several events of one call, in one statement. */
  async recordAll(context: AuditContext, events: readonly AuditEventInput[]): Promise<void> {
    const recorded = events.map((event) => {
      const actor = event.actor === undefined ? context.actor : event.actor;
      return {
        actorAccountId: actor?.accountId ?? null,
        actorIsSystemAdmin: actor?.isSystemAdmin ?? false,
        action: event.action,
        targetType: event.targetType,
        targetId: event.targetId,
        organizationId: event.organizationId ?? null,
        projectId: event.projectId ?? null,
        changes: event.changes ?? {},
        requestId: context.requestId,
        ip: context.ip,
        userAgent: context.userAgent,
      };
    });
    await this.events.insertAll(recorded);
    await this.changeEvents.write(recorded);
  }
}
