import { Keyset, type KeyValues, type ListWindow } from '../../common/http/paging-sql';
import { allColumns, arrayOf, EntityColumns, nullable, record, text, type Statement } from '../../database/typed-sql';
import { OrganizationEntity } from '../organization/organization.entity';
import { isMemberOf } from '../organization/organization.sql';
import { RoleEntity } from '../role/role.entity';
import { ProjectEntity } from './project.entity';

/** The raw statements of the projects (docs/architecture.md#repositories-and-sql). */

const PROJECT = allColumns(ProjectEntity, 'p');
const ORGANIZATION = new EntityColumns(OrganizationEntity, 'o', ['id', 'name', 'profileImageSrc', 'deletedAt', 'mfaRequired']);
const ROLE = new EntityColumns(RoleEntity, 'r', ['isPreset', 'createdAt', 'key', 'projectId']);
const ROLE_SUMMARY = new EntityColumns(RoleEntity, 'r', ['id', 'key', 'name']);

/** A role as the project listings show it. */
type RoleSummary = Pick<RoleEntity, 'id' | 'key' | 'name'>;

/** A project as its listings read it (its organization's name on it): with its roles (summarised) and its organization's image. */
export interface ProjectRow extends ProjectEntity {
  roles: RoleSummary[];
  organization_profile_image_src: string | null;
  organization_mfa_required: boolean;
}

export const decodeProjectRow = record<ProjectRow>({
  ...PROJECT.fields,
  roles: arrayOf(record<RoleSummary>(ROLE_SUMMARY.fields)),
  organization_profile_image_src: nullable(text),
  organization_mfa_required: ORGANIZATION.fields.mfaRequired,
});

/**
 * The order of the project listings: by organization (name, id), then project (name, id), so
 * that the projects of an organization are consecutive across pages. Read in the order of
 * projects_listing_idx, which holds the organization's name on the project (ProjectEntity.organizationName).
 */
export const PROJECT_KEYSET = new Keyset([
  { sql: PROJECT.sql('organizationName'), part: 'text' },
  { sql: PROJECT.sql('organizationId'), part: 'organization' },
  { sql: PROJECT.sql('name'), part: 'text' },
  { sql: PROJECT.sql('id'), part: 'project' },
]);

/** Which projects a listing holds: those of the organizations `memberId` belongs to (null: all), of `organizationId` only (null: any). */
export interface ProjectScope {
  memberId: string | null;
  organizationId: string | null;
}

export function projectKeyOf(row: ProjectRow): KeyValues {
  return [row.organizationName, row.organizationId, row.name, row.id];
}

/** The roles of the project `p` as a JSON array of { id, key, name } (presets first, then by creation). */
const PROJECT_ROLES_JSON = `COALESCE((SELECT json_agg(${ROLE_SUMMARY.json()} ORDER BY ${ROLE.sql('isPreset')} DESC, ${ROLE.sql('createdAt')}, ${ROLE.sql('key')})
    FROM roles r WHERE ${ROLE.sql('projectId')} = ${PROJECT.sql('id')}), '[]')`;

/**
 * One page of the projects in `scope`, in {@link PROJECT_KEYSET}'s order, with their roles and
 * their organizations' names and images; the query matches the project's name or its organization's.
 */
export function projectPage({ memberId, organizationId }: ProjectScope, window: ListWindow): Statement {
  return PROJECT_KEYSET.pageQuery(window, {
    select: `${PROJECT.select()}, ${ORGANIZATION.sql('profileImageSrc')} AS organization_profile_image_src,
             ${ORGANIZATION.sql('mfaRequired')} AS organization_mfa_required, ${PROJECT_ROLES_JSON} AS roles`,
    from: `projects p JOIN organizations o ON ${ORGANIZATION.sql('id')} = ${PROJECT.sql('organizationId')}`,
    search: [PROJECT.sql('name'), ORGANIZATION.sql('name')],
    searchApart: true,
    where: (sql) => [
      `${ORGANIZATION.sql('deletedAt')} IS NULL`,
      ...(organizationId === null ? [] : [`${ORGANIZATION.sql('id')} = ${sql.param(organizationId)}`]),
      ...(memberId === null ? [] : [isMemberOf(sql, memberId)]),
    ],
  });
}
