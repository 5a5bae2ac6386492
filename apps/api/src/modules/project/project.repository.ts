import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { ProjectEntity } from './project.entity';

/** The only place that reads and writes projects (in the transaction in progress, if any). */
@Injectable()
export class ProjectRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private projects() {
    return this.txHost.tx.getRepository(ProjectEntity);
  }

  findById(id: string): Promise<ProjectEntity | null> {
    return this.projects().findOneBy({ id });
  }

  /** The project, its row locked until the transaction in progress ends (the state a change starts from). */
  findByIdForUpdate(id: string): Promise<ProjectEntity | null> {
    return this.projects().findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Every project, by organization and name. */
  findAll(): Promise<ProjectEntity[]> {
    return this.projects().find({ order: { organizationId: 'ASC', name: 'ASC', id: 'ASC' } });
  }

  /** The projects of these organizations, by organization and name; one statement. */
  async findOfOrganizations(organizationIds: readonly string[]): Promise<ProjectEntity[]> {
    if (organizationIds.length === 0) return [];
    return this.projects().find({ where: { organizationId: In([...organizationIds]) }, order: { organizationId: 'ASC', name: 'ASC', id: 'ASC' } });
  }

  async insert(project: ProjectEntity): Promise<void> {
    await this.projects().insert(project);
  }

  async update(id: string, changes: Partial<Pick<ProjectEntity, 'name' | 'productSettings' | 'updatedById'>>): Promise<void> {
    await this.projects().update({ id }, changes);
  }
}
