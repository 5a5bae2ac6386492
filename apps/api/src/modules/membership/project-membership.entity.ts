import { Column, Entity, PrimaryColumn } from 'typeorm';
import { MutableAudit } from '../../database/audit.columns';

/** An account's role in a project; it requires the account's membership of the project's organization. */
@Entity('project_memberships')
export class ProjectMembershipEntity extends MutableAudit {
  @PrimaryColumn({ name: 'account_id', type: 'varchar', length: 10 })
  accountId: string;

  @PrimaryColumn({ name: 'project_id', type: 'varchar', length: 8 })
  projectId: string;

  @Column({ name: 'organization_id', type: 'varchar', length: 8 })
  organizationId: string;

  @Column({ name: 'role_id', type: 'varchar', length: 10 })
  roleId: string;
}
