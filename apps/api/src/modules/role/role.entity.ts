import { Column, Entity, PrimaryColumn } from 'typeorm';
import { MutableAudit } from '../../database/audit.columns';

/** A role of an organization (projectId null) or of one of its projects. */
@Entity('roles')
export class RoleEntity extends MutableAudit {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  id: string;

  @Column({ name: 'organization_id', type: 'varchar', length: 8 })
  organizationId: string;

  @Column({ name: 'project_id', type: 'varchar', length: 8, nullable: true })
  projectId: string | null;

  @Column({ type: 'varchar', length: 50 })
  key: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ name: 'is_preset', type: 'boolean', default: false })
  isPreset: boolean;
}
