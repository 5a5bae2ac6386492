import { Column, Entity, PrimaryColumn } from 'typeorm';
import { MutableAudit } from '../../database/audit.columns';

@Entity('organizations')
export class OrganizationEntity extends MutableAudit {
  @PrimaryColumn({ type: 'varchar', length: 8 })
  id: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ name: 'profile_image_src', type: 'text', nullable: true })
  profileImageSrc: string | null;

  /** When the organization was deleted (docs/product-rules.md#organization-deletion); null while it exists. Deleted ones answer as missing. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @Column({ name: 'deleted_by_id', type: 'varchar', length: 10, nullable: true })
  deletedById: string | null;

  /** Until when one instance of the purge job holds the deleted organization (null: no purge started). */
  @Column({ name: 'purge_lease_until', type: 'timestamptz', nullable: true })
  purgeLeaseUntil: Date | null;

  /** Members sign in with a second factor to act in the organization (docs/product-rules.md#multi-factor-authentication). */
  @Column({ name: 'mfa_required', type: 'boolean', default: false })
  mfaRequired: boolean;
}
