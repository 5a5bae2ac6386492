import { Column, Entity, PrimaryColumn } from 'typeorm';
import { MutableAudit } from '../../database/audit.columns';

@Entity('project_karte_mappings')
export class ProjectKarteMappingEntity extends MutableAudit {
  @PrimaryColumn({ name: 'rt_project_id', type: 'varchar', length: 8 })
  rtProjectId: string;

  @Column({ name: 'karte_project_id', type: 'varchar', length: 24 })
  karteProjectId: string;

  @Column({ name: 'karte_api_key', type: 'text', nullable: true })
  karteApiKey: string | null;
}
