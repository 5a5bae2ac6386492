import type { AuditAction, AuditTargetType } from '@console/domain';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One recorded change (docs/architecture.md#audit): written in the transaction of the change, never updated. */
@Entity('audit_events')
export class AuditEventEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The database's clock when the event is written (clock_timestamp(), to the microsecond). */
  @Column({ name: 'occurred_at', type: 'timestamptz', default: () => 'clock_timestamp()' })
  occurredAt: Date;

  @Column({ name: 'actor_account_id', type: 'varchar', length: 10, nullable: true })
  actorAccountId: string | null;

  @Column({ name: 'actor_is_system_admin', type: 'boolean', default: false })
  actorIsSystemAdmin: boolean;

  @Column({ type: 'varchar', length: 64 })
  action: AuditAction;

  @Column({ name: 'target_type', type: 'varchar', length: 32 })
  targetType: AuditTargetType;

  @Column({ name: 'target_id', type: 'varchar', length: 128 })
  targetId: string;

  @Column({ name: 'organization_id', type: 'varchar', length: 8, nullable: true })
  organizationId: string | null;

  @Column({ name: 'project_id', type: 'varchar', length: 8, nullable: true })
  projectId: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  changes: Record<string, { before: unknown; after: unknown }>;

  @Column({ name: 'request_id', type: 'varchar', length: 200, nullable: true })
  requestId: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 1000, nullable: true })
  userAgent: string | null;
}
