import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Keyset, type KeyValues, type ListWindow } from '../../common/http/paging-sql';
import { ProjectEntity } from './project.entity';

/** A role as the project listings show it. */
interface RoleSummary {
  id: string;
  key: string;
  name: string;
}

/** A project as its listings read it: with its roles (summarised) and its organization's name and image. */
export interface ProjectRow extends ProjectEntity {
  roles: RoleSummary[];
  organization_name: string;
  organization_profile_image_src: string | null;
}

/**
 * The order of the project listings: by organization (name, id), then project (name, id), so
 * that the projects of an organization are consecutive across pages. Read as organizations in
 * the order of organizations_name_idx (from the cursor's organization on), each with its projects
 * in the order of projects_organization_id_idx.
 */
export const PROJECT_KEYSET = new Keyset(
  [
    { sql: 'o.name', part: 'text' },
    { sql: 'o.id', part: 'organization' },
    { sql: 'p.name', part: 'text' },
    { sql: 'p.id', part: 'project' },
  ],
  'ASC',
  2,
);

/** Which projects a listing holds: those of the organizations `memberId` belongs to (null: all), of `organizationId` only (null: any). */
export interface ProjectScope {
  memberId: string | null;
  organizationId: string | null;
}

export function projectKeyOf(row: ProjectRow): KeyValues {
  return [row.organization_name, row.organizationId, row.name, row.id];
}

/** The roles of the project `p` as a JSON array of { id, key, name } (presets first, then by creation). */
const PROJECT_ROLES_JSON = `COALESCE((SELECT json_agg(json_build_object('id', r.id, 'key', r.key, 'name', r.name) ORDER BY r.is_preset DESC, r.created_at, r.key)
    FROM roles r WHERE r.project_id = p.id), '[]')`;

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

  /**
   * One page of the projects in `scope`, in {@link PROJECT_KEYSET}'s order, with their roles and
   * their organizations' names and images; the query matches the project's name or its
   * organization's. One statement.
   */
  page({ memberId, organizationId }: ProjectScope, window: ListWindow): Promise<ProjectRow[]> {
    const { text, values } = PROJECT_KEYSET.pageQuery(window, {
      select: `p.id, p.name, p.organization_id AS "organizationId", p.product_settings AS "productSettings", p.created_by_id AS "createdById", p.created_at AS "createdAt",
               p.updated_by_id AS "updatedById", p.updated_at AS "updatedAt", o.name AS organization_name, o.profile_image_src AS organization_profile_image_src, ${PROJECT_ROLES_JSON} AS roles`,
      from: 'projects p JOIN organizations o ON o.id = p.organization_id',
      // Projects named so, and those of organizations named so: each read through its name's trigram index.
      search: (pattern) =>
        `p.id IN (SELECT id FROM projects WHERE name ILIKE ${pattern}
                  UNION ALL SELECT sp.id FROM projects sp JOIN organizations so ON so.id = sp.organization_id WHERE so.name ILIKE ${pattern})`,
      where: (sql) => [
        ...(organizationId === null ? [] : [`o.id = ${sql.param(organizationId)}`]),
        ...(memberId === null ? [] : [`EXISTS (SELECT 1 FROM organization_memberships om WHERE om.organization_id = o.id AND om.account_id = ${sql.param(memberId)})`]),
      ],
    });
    return this.txHost.tx.query<ProjectRow[]>(text, values);
  }

  async insert(project: ProjectEntity): Promise<void> {
    await this.projects().insert(project);
  }

  async update(id: string, changes: Partial<Pick<ProjectEntity, 'name' | 'productSettings' | 'updatedById'>>): Promise<void> {
    await this.projects().update({ id }, changes);
  }
}
