import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import type { ListWindow } from '../../common/http/paging-sql';
import { readRows } from '../../database/typed-sql';
import { ProjectEntity } from './project.entity';
import { decodeProjectRow, projectPage, type ProjectRow, type ProjectScope } from './project.sql';

/** The only place that reads and writes projects (in the transaction in progress, if any). */
@Injectable()
export class ProjectRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private projects() {
    return this.txHost.tx.getRepository(ProjectEntity);
  }

  /** The projects with these ids (unknown ids are left out); one statement. */
  findByIds(ids: readonly string[]): Promise<ProjectEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.projects().findBy({ id: In([...ids]) });
  }

  countInOrganization(organizationId: string): Promise<number> {
    return this.projects().countBy({ organizationId });
  }

  findById(id: string): Promise<ProjectEntity | null> {
    return this.projects().findOneBy({ id });
  }

  /** The project, its row locked until the transaction in progress ends (the state a change starts from). */
  findByIdForUpdate(id: string): Promise<ProjectEntity | null> {
    return this.projects().findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * One page of the projects in `scope`, in {@link PROJECT_KEYSET}'s order, with their roles and
   * their organizations' names and images; the query matches the project's name or its
   * organization's. One statement.
   */
  page(scope: ProjectScope, window: ListWindow): Promise<ProjectRow[]> {
    return readRows(this.txHost.tx, projectPage(scope, window), decodeProjectRow);
  }

  async insert(project: ProjectEntity): Promise<void> {
    await this.projects().insert(project);
  }

  async update(id: string, changes: Partial<Pick<ProjectEntity, 'name' | 'productSettings' | 'updatedById'>>): Promise<void> {
    await this.projects().update({ id }, changes);
  }
}
