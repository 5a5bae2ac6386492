import type { DomainCheckFailure, DomainState, DomainVerifier, JoinMode, ProjectAssignment } from '@console/domain';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { MutableAudit } from '../../database/audit.columns';

/** A domain of an organization and its verification (docs/product-rules.md#verified-domains). */
@Entity('organization_domains')
export class OrganizationDomainEntity extends MutableAudit {
  @PrimaryColumn({ type: 'varchar', length: 12 })
  id: string;

  @Column({ name: 'organization_id', type: 'varchar', length: 8 })
  organizationId: string;

  /** The ASCII (punycode) form, lower case. */
  @Column({ type: 'varchar', length: 253 })
  domain: string;

  /** The form people read (Unicode for an internationalised name). */
  @Column({ name: 'display_domain', type: 'varchar', length: 253 })
  displayDomain: string;

  @Column({ name: 'verification_token', type: 'varchar', length: 64 })
  verificationToken: string;

  @Column({ type: 'varchar', length: 16 })
  state: DomainState;

  @Column({ name: 'last_checked_at', type: 'timestamptz', nullable: true })
  lastCheckedAt: Date | null;

  @Column({ name: 'last_error', type: 'varchar', length: 32, nullable: true })
  lastError: DomainCheckFailure | null;

  /** Failed checks in a row since the last success. */
  @Column({ name: 'consecutive_failures', type: 'integer' })
  consecutiveFailures: number;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt: Date | null;

  @Column({ name: 'verified_by', type: 'varchar', length: 16, nullable: true })
  verifiedBy: DomainVerifier | null;

  /** The system administrator who verified the domain by hand. */
  @Column({ name: 'verified_by_id', type: 'varchar', length: 10, nullable: true })
  verifiedById: string | null;

  /** The join policy (docs/product-rules.md#auto-join): off, automatic or request. */
  @Column({ name: 'join_mode', type: 'varchar', length: 16 })
  joinMode: JoinMode;

  /** The organization role a joining person gets (null when the mode is off). */
  @Column({ name: 'join_role_id', type: 'varchar', length: 10, nullable: true })
  joinRoleId: string | null;

  /** The project roles a joining person gets, unique by projectId. */
  @Column({ name: 'join_projects', type: 'jsonb' })
  joinProjects: ProjectAssignment[];

  /** The admin who set the join policy last: it grants no more than they may still grant. */
  @Column({ name: 'join_policy_set_by_id', type: 'varchar', length: 10, nullable: true })
  joinPolicySetById: string | null;
}
