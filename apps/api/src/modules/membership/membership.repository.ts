import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ADMIN_ROLE_KEY, type Membership, type ProjectAssignment, type RoleRef } from '@console/domain';
import { Keyset, keyTime, type KeyValues, type ListWindow, type SqlParameters } from '../../common/http/paging-sql';
import type { AccountEntity } from '../account/account.entity';
import { OrganizationMembershipEntity } from './organization-membership.entity';
import { ProjectMembershipEntity } from './project-membership.entity';

/**
 * What one access question finds out about an account in an organization: the account's
 * membership there (at most one) with its roles in the projects asked about, and those roles
 * (id and key) — turned into role keys by the domain's accessRoleKeys, nowhere else.
 */
export interface AccessFacts {
  organizationId: string;
  /** The account's membership of the organization (none or one), with its assignments to the projects asked about. */
  memberships: Membership[];
  roles: { organization: RoleRef[]; project: RoleRef[] };
  /** The projects asked about that belong to the organization. */
  projectIds: string[];
}

/** One row of an access question: the organization, and per project asked about its id and the account's roles. */
interface AccessRow {
  organization_id: string;
  organization_role_id: string | null;
  organization_role_key: string | null;
  project_id: string | null;
  project_role_id: string | null;
  project_role_key: string | null;
}

/** The account's roles (ids and keys) in the organization and in the project `p`, joined to an access question's rows. */
const ACCESS_ROLES = `
  LEFT JOIN organization_memberships om ON om.organization_id = o.id AND om.account_id = $1
  LEFT JOIN roles orole ON orole.id = om.role_id
  LEFT JOIN project_memberships pm ON pm.project_id = p.id AND pm.account_id = $1
  LEFT JOIN roles prole ON prole.id = pm.role_id`;
const ACCESS_COLUMNS = `o.id AS organization_id, om.role_id AS organization_role_id, orole.key AS organization_role_key,
       p.id AS project_id, pm.role_id AS project_role_id, prole.key AS project_role_key`;

/**
 * THE statement of an access question in an organization (and some of its projects): whether the
 * organization exists, the account's membership and role in it, which of the projects belong to it
 * and the account's roles in those. One row per such project (one row when there is none).
 */
export const ORGANIZATION_ACCESS_SQL = `SELECT ${ACCESS_COLUMNS}
  FROM organizations o
  LEFT JOIN projects p ON p.organization_id = o.id AND p.id = ANY($3::varchar[])${ACCESS_ROLES}
 WHERE o.id = $2`;

/**
 * THE statement of an access question in a project: whether the project exists, its organization,
 * and the account's roles in both. One row, none when there is no such project.
 */
export const PROJECT_ACCESS_SQL = `SELECT ${ACCESS_COLUMNS}
  FROM projects p
  JOIN organizations o ON o.id = p.organization_id${ACCESS_ROLES}
 WHERE p.id = $2`;

function accessFacts(rows: readonly AccessRow[]): AccessFacts | null {
  const [first] = rows;
  if (!first) return null;
  const facts: AccessFacts = { organizationId: first.organization_id, memberships: [], roles: { organization: [], project: [] }, projectIds: [] };
  if (first.organization_role_id !== null && first.organization_role_key !== null)
    facts.roles.organization.push({ id: first.organization_role_id, key: first.organization_role_key });
  const projects: ProjectAssignment[] = [];
  for (const row of rows) {
    if (row.project_id === null) continue;
    facts.projectIds.push(row.project_id);
    if (row.project_role_id === null) continue;
    projects.push({ projectId: row.project_id, roleId: row.project_role_id });
    if (row.project_role_key !== null) facts.roles.project.push({ id: row.project_role_id, key: row.project_role_key });
  }
  if (first.organization_role_id !== null) facts.memberships.push({ organizationId: first.organization_id, roleId: first.organization_role_id, projects });
  return facts;
}

/** A row of memberships: an account's membership of an organization, and one of its project roles there (if any). */
interface MembershipRow {
  account_id: string;
  organization_id: string;
  role_id: string;
  project_id: string | null;
  project_role_id: string | null;
}

const MEMBERSHIP_COLUMNS = 'om.account_id, om.organization_id, om.role_id, pm.project_id, pm.role_id AS project_role_id';
/** The projects of each organization membership `om`, in the order they were added. */
const MEMBERSHIP_PROJECTS = 'LEFT JOIN project_memberships pm ON pm.account_id = om.account_id AND pm.organization_id = om.organization_id';
const MEMBERSHIP_PROJECTS_ORDER = 'pm.created_at, pm.project_id';

/** Groups membership rows by account, in the order of the rows (accounts, then their memberships, then their projects). */
function groupMemberships(rows: readonly MembershipRow[], result = new Map<string, Membership[]>()): Map<string, Membership[]> {
  const byOrganization = new Map<string, Membership>();
  for (const row of rows) {
    const key = `${row.account_id}/${row.organization_id}`;
    let membership = byOrganization.get(key);
    if (!membership) {
      membership = { organizationId: row.organization_id, roleId: row.role_id, projects: [] };
      byOrganization.set(key, membership);
      const list = result.get(row.account_id) ?? [];
      list.push(membership);
      result.set(row.account_id, list);
    }
    if (row.project_id !== null && row.project_role_id !== null) membership.projects.push({ projectId: row.project_id, roleId: row.project_role_id });
  }
  return result;
}

/** An account as a member listing reads it, with its memberships (of the organization listed, or all), and the time of its key. */
export interface MemberRow extends AccountEntity {
  memberships: Membership[];
  key_time: string;
}

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
export const ACCOUNT_KEYSET = memberKeyset('a.created_at', 'a.id');
export const ORGANIZATION_MEMBER_KEYSET = memberKeyset('om.created_at', 'om.account_id');
export const PROJECT_MEMBER_KEYSET = memberKeyset('member.created_at', 'member.account_id');

/** The columns of the account `a`, named as AccountEntity names them. */
const ACCOUNT_COLUMNS = `a.id, a.idaas_id AS "idaasId", a.name, a.email, a.profile_image_src AS "profileImageSrc", a.is_system_admin AS "isSystemAdmin", a.locale,
       a.created_by_id AS "createdById", a.created_at AS "createdAt", a.updated_by_id AS "updatedById", a.updated_at AS "updatedAt"`;

/** The membership `om` as JSON (a Membership), with its project roles in the order they were added. */
const MEMBERSHIP_JSON = `json_build_object('organizationId', om.organization_id, 'roleId', om.role_id, 'projects', COALESCE(
  (SELECT json_agg(json_build_object('projectId', pm.project_id, 'roleId', pm.role_id) ORDER BY ${MEMBERSHIP_PROJECTS_ORDER})
     FROM project_memberships pm WHERE pm.account_id = om.account_id AND pm.organization_id = om.organization_id), '[]'))`;

/** What distinguishes one member listing from another: where its accounts come from and which of them. */
interface MemberListing {
  /** The timestamp column the listing orders by. */
  key: string;
  /** The JSON array of the memberships of `a` the listing shows. */
  memberships: string;
  from: string;
  where?: (sql: SqlParameters) => string[];
}

/** An account's new membership of an organization, or of a project of it; written by `operatorId`. */
interface NewOrganizationMembership {
  accountId: string;
  organizationId: string;
  roleId: string;
  operatorId: string;
}

interface NewProjectMembership extends NewOrganizationMembership {
  projectId: string;
}

/**
 * The only place that reads and writes organization and project memberships (in the transaction
 * in progress, if any), and that answers access questions about them.
 */
@Injectable()
export class MembershipRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private organizationMemberships() {
    return this.txHost.tx.getRepository(OrganizationMembershipEntity);
  }

  private projectMemberships() {
    return this.txHost.tx.getRepository(ProjectMembershipEntity);
  }

  /** The facts of an access question in an organization and some of its projects (see {@link ORGANIZATION_ACCESS_SQL}); null when there is no such organization. */
  async accessInOrganization(accountId: string, organizationId: string, projectIds: readonly string[]): Promise<AccessFacts | null> {
    return accessFacts(await this.txHost.tx.query<AccessRow[]>(ORGANIZATION_ACCESS_SQL, [accountId, organizationId, [...projectIds]]));
  }

  /** The facts of an access question in a project (see {@link PROJECT_ACCESS_SQL}); null when there is no such project. */
  async accessInProject(accountId: string, projectId: string): Promise<AccessFacts | null> {
    return accessFacts(await this.txHost.tx.query<AccessRow[]>(PROJECT_ACCESS_SQL, [accountId, projectId]));
  }

  /**
   * The memberships of each account, with their projects, in one statement whatever the number of
   * accounts. With `organizationId`, only the memberships of that organization (what its members may see).
   */
  async membershipsOf(accountIds: readonly string[], organizationId?: string): Promise<Map<string, Membership[]>> {
    const result = new Map<string, Membership[]>(accountIds.map((id) => [id, []]));
    if (accountIds.length === 0) return result;
    const inOrganization = organizationId === undefined ? '' : 'AND om.organization_id = $2';
    const rows = await this.txHost.tx.query<MembershipRow[]>(
      `SELECT ${MEMBERSHIP_COLUMNS} FROM organization_memberships om ${MEMBERSHIP_PROJECTS}
        WHERE om.account_id = ANY($1::varchar[]) ${inOrganization}
        ORDER BY om.created_at, om.organization_id, ${MEMBERSHIP_PROJECTS_ORDER}`,
      organizationId === undefined ? [[...accountIds]] : [[...accountIds], organizationId],
    );
    return groupMemberships(rows, result);
  }

  /** Every account, oldest first, each with all its memberships (the system administrators' listing); one statement per page. */
  accountPage(window: ListWindow): Promise<MemberRow[]> {
    return this.memberPage(ACCOUNT_KEYSET, window, {
      key: 'a.created_at',
      memberships: `COALESCE((SELECT json_agg(${MEMBERSHIP_JSON} ORDER BY om.created_at, om.organization_id) FROM organization_memberships om WHERE om.account_id = a.id), '[]')`,
      from: 'accounts a',
    });
  }

  /** The members of an organization in the order they joined, each with its membership there; one statement per page. */
  organizationMemberPage(organizationId: string, window: ListWindow, notInProjectId?: string): Promise<MemberRow[]> {
    return this.memberPage(ORGANIZATION_MEMBER_KEYSET, window, {
      key: 'om.created_at',
      memberships: `json_build_array(${MEMBERSHIP_JSON})`,
      from: 'organization_memberships om JOIN accounts a ON a.id = om.account_id',
      where: (sql) => [
        `om.organization_id = ${sql.param(organizationId)}`,
        // Only a project of this organization: its members are members of the organization.
        ...(notInProjectId === undefined
          ? []
          : [
              `NOT EXISTS (SELECT 1 FROM project_memberships pm WHERE pm.account_id = om.account_id AND pm.organization_id = om.organization_id AND pm.project_id = ${sql.param(notInProjectId)})`,
            ]),
      ],
    });
  }

  /** The members of a project in the order they were added, each with its membership of the owning organization; one statement per page. */
  projectMemberPage(projectId: string, window: ListWindow): Promise<MemberRow[]> {
    return this.memberPage(PROJECT_MEMBER_KEYSET, window, {
      key: 'member.created_at',
      memberships: `json_build_array(${MEMBERSHIP_JSON})`,
      from: `project_memberships member
        JOIN organization_memberships om ON om.account_id = member.account_id AND om.organization_id = member.organization_id
        JOIN accounts a ON a.id = member.account_id`,
      where: (sql) => [`member.project_id = ${sql.param(projectId)}`],
    });
  }

  /** One page of accounts (`a`) with their memberships, in the keyset's order; the query matches name or e-mail address. */
  private memberPage(keyset: Keyset, window: ListWindow, listing: MemberListing): Promise<MemberRow[]> {
    const { text, values } = keyset.pageQuery(window, {
      select: `${ACCOUNT_COLUMNS}, ${keyTime(listing.key)} AS key_time, ${listing.memberships} AS memberships`,
      from: listing.from,
      search: ['a.name', 'a.email'],
      where: listing.where,
    });
    return this.txHost.tx.query<MemberRow[]>(text, values);
  }

  async isOrganizationMember(accountId: string, organizationId: string): Promise<boolean> {
    return this.organizationMemberships().existsBy({ accountId, organizationId });
  }

  async insertOrganizationMemberships(memberships: readonly NewOrganizationMembership[]): Promise<void> {
    if (memberships.length === 0) return;
    await this.organizationMemberships().insert(
      memberships.map((m) => ({
        accountId: m.accountId,
        organizationId: m.organizationId,
        roleId: m.roleId,
        createdById: m.operatorId,
        updatedById: m.operatorId,
      })),
    );
  }

  async insertProjectMemberships(memberships: readonly NewProjectMembership[]): Promise<void> {
    if (memberships.length === 0) return;
    await this.projectMemberships().insert(
      memberships.map((m) => ({
        accountId: m.accountId,
        projectId: m.projectId,
        organizationId: m.organizationId,
        roleId: m.roleId,
        createdById: m.operatorId,
        updatedById: m.operatorId,
      })),
    );
  }

  async updateOrganizationRole(accountId: string, organizationId: string, roleId: string, operatorId: string): Promise<void> {
    await this.organizationMemberships().update({ accountId, organizationId }, { roleId, updatedById: operatorId });
  }

  /** Sets the account's role in the project, adding the membership when missing (merge by projectId). */
  async upsertProjectMembership(membership: NewProjectMembership): Promise<void> {
    const { accountId, projectId, organizationId, roleId, operatorId } = membership;
    await this.projectMemberships()
      .createQueryBuilder()
      .insert()
      .values({ accountId, projectId, organizationId, roleId, createdById: operatorId, updatedById: operatorId })
      .orUpdate(['role_id', 'updated_by_id', 'updated_at'], ['account_id', 'project_id'])
      .execute();
  }

  /**
   * Locks the organization's row until the transaction in progress ends (SELECT … FOR NO KEY
   * UPDATE): the lock of its memberships (see MembershipService.lockOrganization). FOR NO KEY
   * UPDATE, not FOR UPDATE: the key share locks that inserts referencing the organization take
   * (a project, a role, an invitation) do not wait for it.
   */
  async lockOrganization(organizationId: string): Promise<void> {
    await this.txHost.tx.query(`SELECT 1 FROM organizations WHERE id = $1 FOR NO KEY UPDATE`, [organizationId]);
  }

  /** The accounts holding the organization's admin role (read under the organization's lock, it is the current set). */
  async organizationAdmins(organizationId: string): Promise<string[]> {
    const rows = await this.txHost.tx.query<{ account_id: string }[]>(
      `SELECT om.account_id FROM organization_memberships om
        WHERE om.organization_id = $1
          AND om.role_id IN (SELECT r.id FROM roles r WHERE r.organization_id = $1 AND r.project_id IS NULL AND r.key = $2)
        ORDER BY om.account_id`,
      [organizationId, ADMIN_ROLE_KEY],
    );
    return rows.map((r) => r.account_id);
  }

  /** Removes the membership and, by cascade, the account's project memberships in the organization. True when one was removed. */
  async deleteOrganizationMembership(accountId: string, organizationId: string): Promise<boolean> {
    const result = await this.organizationMemberships().delete({ accountId, organizationId });
    return (result.affected ?? 0) > 0;
  }

  /** Removes the project membership; the removed one (its role), or null when there was none. */
  async deleteProjectMembership(accountId: string, projectId: string): Promise<{ roleId: string } | null> {
    const result = await this.projectMemberships().createQueryBuilder().delete().where({ accountId, projectId }).returning('role_id').execute();
    const [removed] = result.raw as { role_id: string }[];
    return removed ? { roleId: removed.role_id } : null;
  }
}
