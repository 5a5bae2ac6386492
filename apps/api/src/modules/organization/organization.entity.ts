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

  /** Members sign in with a second factor to act in the organization (docs/product-rules.md#multi-factor-authentication). */
  @Column({ name: 'mfa_required', type: 'boolean', default: false })
  mfaRequired: boolean;
}
