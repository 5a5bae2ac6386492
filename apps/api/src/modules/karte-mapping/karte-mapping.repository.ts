import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { EntityColumns } from '../../database/typed-sql';
import { OrganizationKarteMappingEntity } from './organization-karte-mapping.entity';
import { ProjectKarteMappingEntity } from './project-karte-mapping.entity';

/** The columns an upsert of a mapping replaces, and the one it conflicts on. */
const PROJECT_UPDATE = new EntityColumns(ProjectKarteMappingEntity, null, ['karteProjectId', 'updatedById', 'updatedAt']).columnNames();
const PROJECT_KEY = new EntityColumns(ProjectKarteMappingEntity, null, ['rtProjectId']).columnNames();
const ORGANIZATION_UPDATE = new EntityColumns(OrganizationKarteMappingEntity, null, ['karteOrganizationId', 'updatedById', 'updatedAt']).columnNames();
const ORGANIZATION_KEY = new EntityColumns(OrganizationKarteMappingEntity, null, ['rtOrganizationId']).columnNames();

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
      .orUpdate(PROJECT_UPDATE, PROJECT_KEY)
      .execute();
  }

  /** Inserts or replaces the organization's mapping (the creator is kept), atomically. */
  async upsertOfOrganization(rtOrganizationId: string, karteOrganizationId: string, operatorId: string): Promise<void> {
    await this.txHost.tx
      .getRepository(OrganizationKarteMappingEntity)
      .createQueryBuilder()
      .insert()
      .values({ rtOrganizationId, karteOrganizationId, createdById: operatorId, updatedById: operatorId })
      .orUpdate(ORGANIZATION_UPDATE, ORGANIZATION_KEY)
      .execute();
  }
}
