import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { OrganizationKarteMappingEntity } from './organization-karte-mapping.entity';
import { ProjectKarteMappingEntity } from './project-karte-mapping.entity';

/** The only place that reads and writes KARTE mappings (in the transaction in progress, if any). */
@Injectable()
export class KarteMappingRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  findOfProject(rtProjectId: string): Promise<ProjectKarteMappingEntity | null> {
    return this.txHost.tx.getRepository(ProjectKarteMappingEntity).findOneBy({ rtProjectId });
  }

  findOfOrganization(rtOrganizationId: string): Promise<OrganizationKarteMappingEntity | null> {
    return this.txHost.tx.getRepository(OrganizationKarteMappingEntity).findOneBy({ rtOrganizationId });
  }

  /** Inserts or replaces the project's mapping (the creator is kept), atomically. */
  async upsertOfProject(rtProjectId: string, karteProjectId: string, operatorId: string): Promise<void> {
    await this.txHost.tx
      .getRepository(ProjectKarteMappingEntity)
      .createQueryBuilder()
      .insert()
      .values({ rtProjectId, karteProjectId, createdById: operatorId, updatedById: operatorId })
      .orUpdate(['karte_project_id', 'updated_by_id', 'updated_at'], ['rt_project_id'])
      .execute();
  }

  /** Inserts or replaces the organization's mapping (the creator is kept), atomically. */
  async upsertOfOrganization(rtOrganizationId: string, karteOrganizationId: string, operatorId: string): Promise<void> {
    await this.txHost.tx
      .getRepository(OrganizationKarteMappingEntity)
      .createQueryBuilder()
      .insert()
      .values({ rtOrganizationId, karteOrganizationId, createdById: operatorId, updatedById: operatorId })
      .orUpdate(['karte_organization_id', 'updated_by_id', 'updated_at'], ['rt_organization_id'])
      .execute();
  }
}
