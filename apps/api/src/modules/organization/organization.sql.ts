import { Keyset, type KeyValues, type ListWindow, type SqlParameters } from '../../common/http/paging-sql';
import { allColumns, arrayOf, EntityColumns, record, type Statement } from '../../database/typed-sql';
import { OrganizationMembershipEntity } from '../membership/organization-membership.entity';
import type { RoleResponse } from '../role/role.dto';
import { RoleEntity } from '../role/role.entity';
import { OrganizationEntity } from './organization.entity';

/** The raw statements of the organizations (docs/architecture.md#repositories-and-sql). */

const ORGANIZATION = allColumns(OrganizationEntity, 'o');
const ROLE = new EntityColumns(RoleEntity, 'r', ['id', 'key', 'name', 'description', 'isPreset', 'organizationId', 'projectId', 'createdAt']);
const ROLE_ITEM = new EntityColumns(RoleEntity, 'r', ['id', 'key', 'name', 'description', 'isPreset']);
const MEMBERSHIP = new EntityColumns(OrganizationMembershipEntity, 'om', ['organizationId', 'accountId']);

/** An organization as its listing reads it, with its roles. */
export interface OrganizationRow extends OrganizationEntity {
  roles: RoleResponse[];
}

export const decodeOrganizationRow = record<OrganizationRow>({ ...ORGANIZATION.fields, roles: arrayOf(record<RoleResponse>(ROLE_ITEM.fields)) });

/** The order of the organizations' listing: by name, then id (served by organizations_name_idx). */
export const ORGANIZATION_KEYSET = new Keyset([
  { sql: ORGANIZATION.sql('name'), part: 'text' },
  { sql: ORGANIZATION.sql('id'), part: 'organization' },
]);

export function organizationKeyOf(row: OrganizationRow): KeyValues {
  return [row.name, row.id];
}

/** The roles of the organization `o`, as a JSON array of RoleResponse (presets first, then by creation). */
const ORGANIZATION_ROLES_JSON = `COALESCE((SELECT json_agg(${ROLE_ITEM.json()} ORDER BY ${ROLE.sql('isPreset')} DESC, ${ROLE.sql('createdAt')}, ${ROLE.sql('key')})
    FROM roles r WHERE ${ROLE.sql('organizationId')} = ${ORGANIZATION.sql('id')} AND ${ROLE.sql('projectId')} IS NULL), '[]')`;

/**
 * Whether the organization with the id `organizationIdSql` (a column) exists and is not deleted: a
 * deleted organization answers as a missing one on every path (docs/product-rules.md#organization-deletion).
 */
export function isLiveOrganization(organizationIdSql: string): string {
  return `EXISTS (SELECT 1 FROM organizations live WHERE live.id = ${organizationIdSql} AND live.deleted_at IS NULL)`;
}

/** Whether the account (a parameter) is a member of the organization `o`. */
export function isMemberOf(sql: SqlParameters, accountId: string): string {
  return `EXISTS (SELECT 1 FROM organization_memberships om WHERE ${MEMBERSHIP.sql('organizationId')} = ${ORGANIZATION.sql('id')} AND ${MEMBERSHIP.sql('accountId')} = ${sql.param(accountId)})`;
}

/** One page of the organizations (those `memberId` belongs to, or all), by name, with their roles; the query matches the name. */
export function organizationPage(memberId: string | null, window: ListWindow): Statement {
  return ORGANIZATION_KEYSET.pageQuery(window, {
    select: `${ORGANIZATION.select()}, ${ORGANIZATION_ROLES_JSON} AS roles`,
    from: 'organizations o',
    search: [ORGANIZATION.sql('name')],
    // A member's own organizations are few: their walk is short.
    searchInOrder: memberId === null,
    where: (sql) => [`${ORGANIZATION.sql('deletedAt')} IS NULL`, ...(memberId === null ? [] : [isMemberOf(sql, memberId)])],
  });
}
