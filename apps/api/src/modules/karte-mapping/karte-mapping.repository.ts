import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { OrganizationKarteMappingEntity } from './organization-karte-mapping.entity';
import { ProjectKarteMappingEntity } from './project-karte-mapping.entity';

/** The only place that reads and writes KARTE mappings. */
@Injectable()
export class KarteMappingRepository {
  constructor(private readonly dataSource: DataSource) {}

  findOfProject(rtProjectId: string, manager: EntityManager = this.dataSource.manager): Promise<ProjectKarteMappingEntity | null> {
    return manager.getRepository(ProjectKarteMappingEntity).findOneBy({ rtProjectId });
  }

  findOfOrganization(rtOrganizationId: string, manager: EntityManager = this.dataSource.manager): Promise<OrganizationKarteMappingEntity | null> {
    return manager.getRepository(OrganizationKarteMappingEntity).findOneBy({ rtOrganizationId });
  }

  /** Inserts or replaces the project's mapping (the creator is kept), atomically. */
  async upsertOfProject(rtProjectId: string, karteProjectId: string, operatorId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager
      .getRepository(ProjectKarteMappingEntity)
      .createQueryBuilder()
      .insert()
      .values({ rtProjectId, karteProjectId, createdById: operatorId, updatedById: operatorId })
      .orUpdate(['karte_project_id', 'updated_by_id', 'updated_at'], ['rt_project_id'])
      .execute();
  }

  /** Inserts or replaces the organization's mapping (the creator is kept), atomically. */
  async upsertOfOrganization(rtOrganizationId: string, karteOrganizationId: string, operatorId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager
      .getRepository(OrganizationKarteMappingEntity)
      .createQueryBuilder()
      .insert()
      .values({ rtOrganizationId, karteOrganizationId, createdById: operatorId, updatedById: operatorId })
      .orUpdate(['karte_organization_id', 'updated_by_id', 'updated_at'], ['rt_organization_id'])
      .execute();
  }
}
