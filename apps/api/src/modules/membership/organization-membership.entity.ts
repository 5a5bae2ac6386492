import { Column, Entity, PrimaryColumn } from 'typeorm';
import { MutableAudit } from '../../database/audit.columns';

/** An account's membership of an organization, with its organization role. */
@Entity('organization_memberships')
export class OrganizationMembershipEntity extends MutableAudit {
  @PrimaryColumn({ name: 'account_id', type: 'varchar', length: 10 })
  accountId: string;

  @PrimaryColumn({ name: 'organization_id', type: 'varchar', length: 8 })
  organizationId: string;

  @Column({ name: 'role_id', type: 'varchar', length: 10 })
  roleId: string;
}
