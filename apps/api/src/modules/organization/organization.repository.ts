import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Keyset, type KeyValues, type ListWindow } from '../../common/http/paging-sql';
import type { RoleResponse } from '../role/role.dto';
import { OrganizationEntity } from './organization.entity';

/** An organization as its listing reads it, with its roles. */
export interface OrganizationRow extends OrganizationEntity {
  roles: RoleResponse[];
}

/** The order of the organizations' listing: by name, then id (served by organizations_name_idx). */
export const ORGANIZATION_KEYSET = new Keyset([
  { sql: 'o.name', part: 'text' },
  { sql: 'o.id', part: 'organization' },
]);

export function organizationKeyOf(row: OrganizationRow): KeyValues {
  return [row.name, row.id];
}

/** The roles of the organization `o`, as a JSON array of RoleResponse (presets first, then by creation). */
const ORGANIZATION_ROLES_JSON = `COALESCE((SELECT json_agg(json_build_object('id', r.id, 'key', r.key, 'name', r.name, 'description', r.description, 'isPreset', r.is_preset)
    ORDER BY r.is_preset DESC, r.created_at, r.key) FROM roles r WHERE r.organization_id = o.id AND r.project_id IS NULL), '[]')`;

/** The only place that reads and writes organizations (in the transaction in progress, if any). */
@Injectable()
export class OrganizationRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private organizations() {
    return this.txHost.tx.getRepository(OrganizationEntity);
  }

  findById(id: string): Promise<OrganizationEntity | null> {
    return this.organizations().findOneBy({ id });
  }

  /** The organization, its row locked until the transaction in progress ends (the state a change starts from). */
  findByIdForUpdate(id: string): Promise<OrganizationEntity | null> {
    return this.organizations().findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * One page of the organizations (those `memberId` belongs to, or all), by name, with their
   * roles; the query matches the name. One statement.
   */
  page(memberId: string | null, window: ListWindow): Promise<OrganizationRow[]> {
    const { text, values } = ORGANIZATION_KEYSET.pageQuery(window, {
      select: `o.id, o.name, o.profile_image_src AS "profileImageSrc", o.created_by_id AS "createdById", o.created_at AS "createdAt",
               o.updated_by_id AS "updatedById", o.updated_at AS "updatedAt", ${ORGANIZATION_ROLES_JSON} AS roles`,
      from: 'organizations o',
      search: ['o.name'],
      where: (sql) =>
        memberId === null ? [] : [`EXISTS (SELECT 1 FROM organization_memberships om WHERE om.organization_id = o.id AND om.account_id = ${sql.param(memberId)})`],
    });
    return this.txHost.tx.query<OrganizationRow[]>(text, values);
  }

  async insert(organization: OrganizationEntity): Promise<void> {
    await this.organizations().insert(organization);
  }

  async update(id: string, changes: Partial<Pick<OrganizationEntity, 'name' | 'profileImageSrc' | 'updatedById'>>): Promise<void> {
    await this.organizations().update({ id }, changes);
  }
}
