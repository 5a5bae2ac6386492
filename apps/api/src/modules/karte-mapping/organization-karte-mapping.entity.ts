import { Column, Entity, PrimaryColumn } from 'typeorm';
import { MutableAudit } from '../../database/audit.columns';

@Entity('organization_karte_mappings')
export class OrganizationKarteMappingEntity extends MutableAudit {
  @PrimaryColumn({ name: 'rt_organization_id', type: 'varchar', length: 8 })
  rtOrganizationId: string;

  @Column({ name: 'karte_organization_id', type: 'varchar', length: 24 })
  karteOrganizationId: string;
}
