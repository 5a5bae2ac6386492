import type { ProjectAssignment } from '@console/domain';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { ImmutableAudit } from '../../database/audit.columns';

/** An invitation of an e-mail address to an organization (and some of its projects). */
@Entity('invitations')
export class InvitationEntity extends ImmutableAudit {
  @PrimaryColumn({ type: 'varchar', length: 21 })
  id: string;

  @Column({ name: 'organization_id', type: 'varchar', length: 8 })
  organizationId: string;

  /** Lower-cased. */
  @Column({ type: 'varchar', length: 320 })
  email: string;

  /** The organization role the invitee gets. */
  @Column({ name: 'role_id', type: 'varchar', length: 10 })
  roleId: string;

  /** The project roles the invitee gets, unique by projectId. */
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  projects: ProjectAssignment[];

  @Column({ name: 'can_be_super_admin', type: 'boolean', default: false })
  canBeSuperAdmin: boolean;

  /** Lifetime in seconds from createdAt. */
  @Column({ name: 'expired_in', type: 'integer' })
  expiredIn: number;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt: Date | null;

  @Column({ name: 'accepted_by_id', type: 'varchar', length: 10, nullable: true })
  acceptedById: string | null;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  @Column({ name: 'cancelled_by_id', type: 'varchar', length: 10, nullable: true })
  cancelledById: string | null;
}
