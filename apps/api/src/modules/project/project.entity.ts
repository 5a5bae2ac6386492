import type { ProductSettings } from '@console/domain';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { MutableAudit } from '../../database/audit.columns';

@Entity('projects')
export class ProjectEntity extends MutableAudit {
  @PrimaryColumn({ type: 'varchar', length: 8 })
  id: string;

  @Column({ name: 'organization_id', type: 'varchar', length: 8 })
  organizationId: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /**
   * Its organization's name, which the database keeps here (1795670000000-project-organization-name.ts):
   * the first column of the project listings' order, read, never written.
   */
  @Column({ name: 'organization_name', type: 'varchar', length: 100, insert: false, update: false })
  organizationName: string;

  /** Keyed by product key; a missing product is on the default plan (none). */
  @Column({ name: 'product_settings', type: 'jsonb', default: () => "'{}'::jsonb" })
  productSettings: ProductSettings;
}
