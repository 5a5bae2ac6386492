import { PROJECT_ENTRY_SEPARATOR, PROJECT_ROLE_SEPARATOR, type Membership, type ProjectAssignment } from '@console/domain';
import { escapeLiteral } from 'pg';
import { csvCellSql } from '../../common/http/csv';
import { Keyset, keyTime, type KeyValues, type ListWindow, type SqlParameters } from '../../common/http/paging-sql';
import { allColumns, arrayOf, EntityColumns, nullable, record, text, type Statement } from '../../database/typed-sql';
import { AccountEntity } from '../account/account.entity';
import { OrganizationEntity } from '../organization/organization.entity';
import { isLiveOrganization } from '../organization/organization.sql';
import { OrganizationDomainEntity } from '../organization-domain/organization-domain.entity';
import { ProjectEntity } from '../project/project.entity';
import { RoleEntity } from '../role/role.entity';
import { SsoConnectionEntity } from '../sso/sso-connection.entity';
import { OrganizationMembershipEntity } from './organization-membership.entity';
import { ProjectMembershipEntity } from './project-membership.entity';

/** The raw statements of the memberships (docs/architecture.md#repositories-and-sql). */

const ORGANIZATION = new EntityColumns(OrganizationEntity, 'o', ['id', 'deletedAt', 'mfaRequired']);
const PROJECT = new EntityColumns(ProjectEntity, 'p', ['id', 'organizationId']);
const ORGANIZATION_ROLE = new EntityColumns(RoleEntity, 'orole', ['id', 'key']);
const PROJECT_ROLE = new EntityColumns(RoleEntity, 'prole', ['id', 'key']);
const ADMIN_ROLE = new EntityColumns(RoleEntity, 'r', ['id', 'organizationId', 'projectId', 'key']);
const ORGANIZATION_MEMBERSHIP = new EntityColumns(OrganizationMembershipEntity, 'om', ['accountId', 'organizationId', 'roleId', 'createdAt']);
const PROJECT_MEMBERSHIP = new EntityColumns(ProjectMembershipEntity, 'pm', ['accountId', 'projectId', 'organizationId', 'roleId', 'createdAt']);
/** The project membership listed by a project's member listing. */
const MEMBER = new EntityColumns(ProjectMembershipEntity, 'member', ['accountId', 'projectId', 'organizationId', 'createdAt']);
const ACCOUNT = allColumns(AccountEntity, 'a');
const SSO_DOMAIN = new EntityColumns(OrganizationDomainEntity, 'sd', ['organizationId', 'domain', 'state']);
const SSO_CONNECTION = new EntityColumns(SsoConnectionEntity, 'sc', ['organizationId', 'enabled', 'required']);

const OM = (property: 'accountId' | 'organizationId' | 'roleId' | 'createdAt'): string => ORGANIZATION_MEMBERSHIP.sql(property);
const PM = (property: 'accountId' | 'projectId' | 'organizationId' | 'roleId' | 'createdAt'): string => PROJECT_MEMBERSHIP.sql(property);

/** One row of an access question: the organization, and per project asked about its id and the account's roles. */
export interface AccessRow {
  organization_id: string;
  organization_mfa_required: boolean;
  /** The organization's verified domains when it requires single sign-on through an enabled connection, else none. */
  organization_sso_domains: string[];
  organization_role_id: string | null;
  organization_role_key: string | null;
  project_id: string | null;
  project_role_id: string | null;
  project_role_key: string | null;
}

export const decodeAccessRow = record<AccessRow>({
  organization_id: ORGANIZATION.fields.id,
  organization_mfa_required: ORGANIZATION.fields.mfaRequired,
  organization_sso_domains: arrayOf(text),
  organization_role_id: nullable(ORGANIZATION_MEMBERSHIP.fields.roleId),
  organization_role_key: nullable(ORGANIZATION_ROLE.fields.key),
  project_id: nullable(PROJECT.fields.id),
  project_role_id: nullable(PROJECT_MEMBERSHIP.fields.roleId),
  project_role_key: nullable(PROJECT_ROLE.fields.key),
});

/** The account's roles (ids and keys) in the organization and in the project `p`, joined to an access question's rows. */
const ACCESS_ROLES = `
  LEFT JOIN organization_memberships om ON ${OM('organizationId')} = ${ORGANIZATION.sql('id')} AND ${OM('accountId')} = $1
  LEFT JOIN roles orole ON ${ORGANIZATION_ROLE.sql('id')} = ${OM('roleId')}
  LEFT JOIN project_memberships pm ON ${PM('projectId')} = ${PROJECT.sql('id')} AND ${PM('accountId')} = $1
  LEFT JOIN roles prole ON ${PROJECT_ROLE.sql('id')} = ${PM('roleId')}`;
/** The domains on which the organization `o` requires single sign-on (docs/product-rules.md#single-sign-on). */
const SSO_DOMAINS = `ARRAY(SELECT ${SSO_DOMAIN.sql('domain')} FROM organization_domains sd
    JOIN sso_connections sc ON ${SSO_CONNECTION.sql('organizationId')} = ${SSO_DOMAIN.sql('organizationId')} AND ${SSO_CONNECTION.sql('enabled')} AND ${SSO_CONNECTION.sql('required')}
    WHERE ${SSO_DOMAIN.sql('organizationId')} = ${ORGANIZATION.sql('id')} AND ${SSO_DOMAIN.sql('state')} = 'verified')`;
const ACCESS_COLUMNS = `${ORGANIZATION.sql('id')} AS organization_id, ${ORGANIZATION.sql('mfaRequired')} AS organization_mfa_required, ${SSO_DOMAINS} AS organization_sso_domains, ${OM('roleId')} AS organization_role_id, ${ORGANIZATION_ROLE.sql('key')} AS organization_role_key,
       ${PROJECT.sql('id')} AS project_id, ${PM('roleId')} AS project_role_id, ${PROJECT_ROLE.sql('key')} AS project_role_key`;

/**
 * THE statement of an access question in an organization (and some of its projects): whether the
 * organization exists, the account's membership and role in it, which of the projects belong to it
 * and the account's roles in those. One row per such project (one row when there is none).
 */
export const ORGANIZATION_ACCESS_SQL = `SELECT ${ACCESS_COLUMNS}
  FROM organizations o
  LEFT JOIN projects p ON ${PROJECT.sql('organizationId')} = ${ORGANIZATION.sql('id')} AND ${PROJECT.sql('id')} = ANY($3::varchar[])${ACCESS_ROLES}
 WHERE ${ORGANIZATION.sql('id')} = $2 AND ${ORGANIZATION.sql('deletedAt')} IS NULL`;

export function organizationAccess(accountId: string, organizationId: string, projectIds: readonly string[]): Statement {
  return { text: ORGANIZATION_ACCESS_SQL, values: [accountId, organizationId, [...projectIds]] };
}

/**
 * THE statement of an access question in a project: whether the project exists, its organization,
 * and the account's roles in both. One row, none when there is no such project.
 */
export const PROJECT_ACCESS_SQL = `SELECT ${ACCESS_COLUMNS}
  FROM projects p
  JOIN organizations o ON ${ORGANIZATION.sql('id')} = ${PROJECT.sql('organizationId')}${ACCESS_ROLES}
 WHERE ${PROJECT.sql('id')} = $2 AND ${ORGANIZATION.sql('deletedAt')} IS NULL`;

export function projectAccess(accountId: string, projectId: string): Statement {
  return { text: PROJECT_ACCESS_SQL, values: [accountId, projectId] };
}

/** A row of memberships: an account's membership of an organization, and one of its project roles there (if any). */
export interface MembershipRow {
  account_id: string;
  organization_id: string;
  role_id: string;
  project_id: string | null;
  project_role_id: string | null;
}

export const decodeMembershipRow = record<MembershipRow>({
  account_id: ORGANIZATION_MEMBERSHIP.fields.accountId,
  organization_id: ORGANIZATION_MEMBERSHIP.fields.organizationId,
  role_id: ORGANIZATION_MEMBERSHIP.fields.roleId,
  project_id: nullable(PROJECT_MEMBERSHIP.fields.projectId),
  project_role_id: nullable(PROJECT_MEMBERSHIP.fields.roleId),
});

/** The projects of each organization membership `om`, in the order they were added. */
const MEMBERSHIP_PROJECTS_ORDER = `${PM('createdAt')}, ${PM('projectId')}`;

/**
 * The memberships of the accounts (of the organization only, when given), with their projects:
 * accounts' memberships in the order they were made, then their projects in the order they were added.
 */
export function membershipRows(accountIds: readonly string[], organizationId?: string, withDeletedOrganizations = false): Statement {
  const inOrganization = organizationId === undefined ? '' : `AND ${OM('organizationId')} = $2`;
  const live = withDeletedOrganizations ? '' : `AND ${isLiveOrganization(OM('organizationId'))}`;
  return {
    text: `SELECT ${OM('accountId')} AS account_id, ${OM('organizationId')} AS organization_id, ${OM('roleId')} AS role_id, ${PM('projectId')} AS project_id, ${PM('roleId')} AS project_role_id
        FROM organization_memberships om
        LEFT JOIN project_memberships pm ON ${PM('accountId')} = ${OM('accountId')} AND ${PM('organizationId')} = ${OM('organizationId')}
        WHERE ${OM('accountId')} = ANY($1::varchar[]) ${inOrganization} ${live}
        ORDER BY ${OM('createdAt')}, ${OM('organizationId')}, ${MEMBERSHIP_PROJECTS_ORDER}`,
    values: organizationId === undefined ? [[...accountIds]] : [[...accountIds], organizationId],
  };
}

/** An account as a member listing reads it, with its memberships (of the organization listed, or all), and the time of its key. */
export interface MemberRow extends AccountEntity {
  memberships: Membership[];
  key_time: string;
}

const decodeMembership = record<Membership>({
  organizationId: ORGANIZATION_MEMBERSHIP.fields.organizationId,
  roleId: ORGANIZATION_MEMBERSHIP.fields.roleId,
  projects: arrayOf(record<ProjectAssignment>({ projectId: PROJECT_MEMBERSHIP.fields.projectId, roleId: PROJECT_MEMBERSHIP.fields.roleId })),
});

export const decodeMemberRow = record<MemberRow>({ ...ACCOUNT.fields, memberships: arrayOf(decodeMembership), key_time: text });

/** The key of a member listing's row: the time it orders by (to the microsecond) and the account id. */
export function memberKeyOf(row: MemberRow): KeyValues {
  return [row.key_time, row.id];
}

const memberKeyset = (time: string, accountId: string): Keyset =>
  new Keyset([
    { sql: time, part: 'time' },
    { sql: accountId, part: 'account' },
  ]);

/** The orders of the member listings (each served by an index in that order): accounts oldest first, members in the order they joined. */
export const ACCOUNT_KEYSET = memberKeyset(ACCOUNT.sql('createdAt'), ACCOUNT.sql('id'));
export const ORGANIZATION_MEMBER_KEYSET = memberKeyset(OM('createdAt'), OM('accountId'));
export const PROJECT_MEMBER_KEYSET = memberKeyset(MEMBER.sql('createdAt'), MEMBER.sql('accountId'));

/** The membership `om` as JSON (a Membership), with its project roles in the order they were added. */
const MEMBERSHIP_JSON = `json_build_object('organizationId', ${OM('organizationId')}, 'roleId', ${OM('roleId')}, 'projects', COALESCE(
  (SELECT json_agg(json_build_object('projectId', ${PM('projectId')}, 'roleId', ${PM('roleId')}) ORDER BY ${MEMBERSHIP_PROJECTS_ORDER})
     FROM project_memberships pm WHERE ${PM('accountId')} = ${OM('accountId')} AND ${PM('organizationId')} = ${OM('organizationId')}), '[]'))`;

const PROJECT_NAME = new EntityColumns(ProjectEntity, 'p', ['id', 'name']);
const ORGANIZATION_ROLE_NAME = new EntityColumns(RoleEntity, 'orole', ['id', 'name']);
const PROJECT_ROLE_NAME = new EntityColumns(RoleEntity, 'prole', ['id', 'name']);

/** The project roles cell of the membership `om` (formatProjectRoles of the domain): `project:role; project:role` by name (by id when there is none), in the order they were added. */
const MEMBERSHIP_PROJECT_ROLES = `(SELECT string_agg(
     COALESCE(${PROJECT_NAME.sql('name')}, ${PM('projectId')}) || ${escapeLiteral(PROJECT_ROLE_SEPARATOR)} || COALESCE(${PROJECT_ROLE_NAME.sql('name')}, ${PM('roleId')}),
     ${escapeLiteral(`${PROJECT_ENTRY_SEPARATOR} `)} ORDER BY ${MEMBERSHIP_PROJECTS_ORDER})
   FROM project_memberships pm
   LEFT JOIN projects p ON ${PROJECT_NAME.sql('id')} = ${PM('projectId')}
   LEFT JOIN roles prole ON ${PROJECT_ROLE_NAME.sql('id')} = ${PM('roleId')}
  WHERE ${PM('accountId')} = ${OM('accountId')} AND ${PM('organizationId')} = ${OM('organizationId')})`;

/**
 * The statement writing the member CSV's records of the organization (docs/product-rules.md#member-csv),
 * formatted by Postgres (see copyOut): address, name, organization role and project roles by name
 * (by id when there is none), the day (JST) the member joined; in the order they joined, the
 * member listing's order and plan without its LIMIT.
 */
export function organizationMembersCsvCopy(organizationId: string): string {
  const cells = [
    csvCellSql(ACCOUNT.sql('email')),
    csvCellSql(ACCOUNT.sql('name')),
    csvCellSql(`COALESCE(${ORGANIZATION_ROLE_NAME.sql('name')}, ${OM('roleId')})`),
    csvCellSql(MEMBERSHIP_PROJECT_ROLES),
    `to_char(${OM('createdAt')} AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD')`,
  ];
  return `COPY (SELECT ${cells.join(', ')}
    FROM organization_memberships om
    JOIN accounts a ON ${ACCOUNT.sql('id')} = ${OM('accountId')}
    LEFT JOIN roles orole ON ${ORGANIZATION_ROLE_NAME.sql('id')} = ${OM('roleId')}
   WHERE ${OM('organizationId')} = ${escapeLiteral(organizationId)}
   ORDER BY ${ORGANIZATION_MEMBER_KEYSET.orderBy()}) TO STDOUT (FORMAT csv)`;
}

/** What distinguishes one member listing from another: where its accounts come from and which of them. */
interface MemberListing {
  /** The timestamp column the listing orders by. */
  key: string;
  /** The JSON array of the memberships of `a` the listing shows. */
  memberships: string;
  from: string;
  where?: (sql: SqlParameters) => string[];
}

/** One page of accounts (`a`) with their memberships, in the keyset's order; the query matches name or e-mail address. */
function memberPage(keyset: Keyset, window: ListWindow, listing: MemberListing): Statement {
  return keyset.pageQuery(window, {
    select: `${ACCOUNT.select()}, ${keyTime(listing.key)} AS key_time, ${listing.memberships} AS memberships`,
    from: listing.from,
    search: [ACCOUNT.sql('name'), ACCOUNT.sql('email')],
    where: listing.where,
  });
}

/** Every account not deleted, oldest first, each with all its memberships (the system administrators' listing). */
export function accountPage(window: ListWindow): Statement {
  return memberPage(ACCOUNT_KEYSET, window, {
    key: ACCOUNT.sql('createdAt'),
    memberships: `COALESCE((SELECT json_agg(${MEMBERSHIP_JSON} ORDER BY ${OM('createdAt')}, ${OM('organizationId')}) FROM organization_memberships om WHERE ${OM('accountId')} = ${ACCOUNT.sql('id')} AND ${isLiveOrganization(OM('organizationId'))}), '[]')`,
    from: 'accounts a',
    where: () => [`${ACCOUNT.sql('deletedAt')} IS NULL`],
  });
}

/** The members of an organization in the order they joined, each with its membership there (only those not in the project `notInProjectId`, when given). */
export function organizationMemberPage(organizationId: string, window: ListWindow, notInProjectId?: string): Statement {
  return memberPage(ORGANIZATION_MEMBER_KEYSET, window, {
    key: OM('createdAt'),
    memberships: `json_build_array(${MEMBERSHIP_JSON})`,
    from: `organization_memberships om JOIN accounts a ON ${ACCOUNT.sql('id')} = ${OM('accountId')}`,
    where: (sql) => [
      `${OM('organizationId')} = ${sql.param(organizationId)}`,
      // Only a project of this organization: its members are members of the organization.
      ...(notInProjectId === undefined
        ? []
        : [
            `NOT EXISTS (SELECT 1 FROM project_memberships pm WHERE ${PM('accountId')} = ${OM('accountId')} AND ${PM('organizationId')} = ${OM('organizationId')} AND ${PM('projectId')} = ${sql.param(notInProjectId)})`,
          ]),
    ],
  });
}

/** The members of a project in the order they were added, each with its membership of the owning organization. */
export function projectMemberPage(projectId: string, window: ListWindow): Statement {
  return memberPage(PROJECT_MEMBER_KEYSET, window, {
    key: MEMBER.sql('createdAt'),
    memberships: `json_build_array(${MEMBERSHIP_JSON})`,
    from: `project_memberships member
        JOIN organization_memberships om ON ${OM('accountId')} = ${MEMBER.sql('accountId')} AND ${OM('organizationId')} = ${MEMBER.sql('organizationId')}
        JOIN accounts a ON ${ACCOUNT.sql('id')} = ${MEMBER.sql('accountId')}`,
    where: (sql) => [`${MEMBER.sql('projectId')} = ${sql.param(projectId)}`],
  });
}

/**
 * Locks the organization's row until the transaction in progress ends. FOR NO KEY UPDATE, not FOR
 * UPDATE: the key share locks that inserts referencing the organization take (a project, a role,
 * an invitation) do not wait for it.
 */
export function lockOrganization(organizationId: string): Statement {
  return { text: `SELECT 1 FROM organizations o WHERE ${ORGANIZATION.sql('id')} = $1 FOR NO KEY UPDATE`, values: [organizationId] };
}

const MEMBER_ACCOUNT = new EntityColumns(AccountEntity, 'a', ['id', 'email']);
export const decodeMemberEmailRow = record<{ email: string }>({ email: MEMBER_ACCOUNT.fields.email });

/** Which of these (lower-cased) addresses belong to members of the organization (accounts keep their address lower-cased). */
export function organizationMemberEmails(organizationId: string, emails: readonly string[]): Statement {
  return {
    text: `SELECT ${MEMBER_ACCOUNT.sql('email')} AS email FROM organization_memberships om JOIN accounts a ON ${MEMBER_ACCOUNT.sql('id')} = ${OM('accountId')}
        WHERE ${OM('organizationId')} = $1 AND ${MEMBER_ACCOUNT.sql('email')} = ANY($2::varchar[])`,
    values: [organizationId, [...emails]],
  };
}

export const decodeAdminRow = record<{ accountId: string }>({ accountId: ORGANIZATION_MEMBERSHIP.fields.accountId });

/** The accounts holding the organization's role `roleKey` (its admin role), by account id. */
export function organizationAccountsWithRole(organizationId: string, roleKey: string): Statement {
  return {
    text: `SELECT ${OM('accountId')} AS "accountId" FROM organization_memberships om
        WHERE ${OM('organizationId')} = $1
          AND ${OM('roleId')} IN (SELECT ${ADMIN_ROLE.sql('id')} FROM roles r WHERE ${ADMIN_ROLE.sql('organizationId')} = $1 AND ${ADMIN_ROLE.sql('projectId')} IS NULL AND ${ADMIN_ROLE.sql('key')} = $2)
        ORDER BY ${OM('accountId')}`,
    values: [organizationId, roleKey],
  };
}

const NAMED_ORGANIZATION = new EntityColumns(OrganizationEntity, 'o', ['id', 'name']);
const OTHER_MEMBERSHIP = new EntityColumns(OrganizationMembershipEntity, 'other', ['accountId', 'organizationId', 'roleId']);
const OTHER_ROLE = new EntityColumns(RoleEntity, 'oror', ['id', 'projectId', 'key']);

export const decodeNamedOrganization = record<{ id: string; name: string }>(NAMED_ORGANIZATION.fields);

/**
 * The organizations where the account holds the role `roleKey` (the admin role) and no other
 * account does, by name: those an account must hand over before it is deleted.
 */
export function organizationsWithSoleRole(accountId: string, roleKey: string): Statement {
  return {
    text: `SELECT ${NAMED_ORGANIZATION.select()} FROM organization_memberships om
        JOIN roles r ON ${ADMIN_ROLE.sql('id')} = ${OM('roleId')} AND ${ADMIN_ROLE.sql('projectId')} IS NULL AND ${ADMIN_ROLE.sql('key')} = $2
        JOIN organizations o ON ${NAMED_ORGANIZATION.sql('id')} = ${OM('organizationId')} AND ${ORGANIZATION.sql('deletedAt')} IS NULL
        WHERE ${OM('accountId')} = $1
          AND NOT EXISTS (SELECT 1 FROM organization_memberships other
            JOIN roles oror ON ${OTHER_ROLE.sql('id')} = ${OTHER_MEMBERSHIP.sql('roleId')} AND ${OTHER_ROLE.sql('projectId')} IS NULL AND ${OTHER_ROLE.sql('key')} = $2
            WHERE ${OTHER_MEMBERSHIP.sql('organizationId')} = ${OM('organizationId')} AND ${OTHER_MEMBERSHIP.sql('accountId')} <> $1)
        ORDER BY ${NAMED_ORGANIZATION.sql('name')}, ${NAMED_ORGANIZATION.sql('id')}`,
    values: [accountId, roleKey],
  };
}

const REMOVED = new EntityColumns(ProjectMembershipEntity, null, ['accountId', 'projectId', 'roleId']);
const REMOVED_ROLE = new EntityColumns(ProjectMembershipEntity, null, ['roleId']);

export const decodeRemovedProjectMembership = record<{ roleId: string }>(REMOVED_ROLE.fields);

/** Removes the account's membership of the project, answering its role (no row when there was none). */
export function deleteProjectMembership(accountId: string, projectId: string): Statement {
  return {
    text: `DELETE FROM project_memberships WHERE ${REMOVED.sql('accountId')} = $1 AND ${REMOVED.sql('projectId')} = $2 RETURNING ${REMOVED_ROLE.select()}`,
    values: [accountId, projectId],
  };
}

/** An upsert of a project membership: on its key (account, project), its role and who changed it and when are updated. */
export const PROJECT_MEMBERSHIP_UPSERT = {
  update: new EntityColumns(ProjectMembershipEntity, null, ['roleId', 'updatedById', 'updatedAt']).columnNames(),
  conflict: new EntityColumns(ProjectMembershipEntity, null, ['accountId', 'projectId']).columnNames(),
};
