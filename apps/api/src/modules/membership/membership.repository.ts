import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ADMIN_ROLE_KEY, type Membership } from '@console/domain';
import { DataSource } from 'typeorm';
import type { ListWindow } from '../../common/http/paging-sql';
import { copyOut } from '../../database/copy-out';
import { execute, readRows } from '../../database/typed-sql';
import { OrganizationMembershipEntity } from './organization-membership.entity';
import { ProjectMembershipEntity } from './project-membership.entity';
import {
  accountPage,
  decodeAdminRow,
  decodeMemberEmailRow,
  decodeMemberRow,
  decodeMembershipRow,
  decodeNamedOrganization,
  decodeRemovedProjectMembership,
  deleteProjectMembership,
  lockOrganization,
  membershipRows,
  organizationAccountsWithRole,
  organizationsWithSoleRole,
  organizationMemberEmails,
  organizationMemberPage,
  organizationMembersCsvCopy,
  PROJECT_MEMBERSHIP_UPSERT,
  projectMemberPage,
  type MemberRow,
  type MembershipRow,
} from './membership.sql';

export { ACCOUNT_KEYSET, memberKeyOf, ORGANIZATION_MEMBER_KEYSET, PROJECT_MEMBER_KEYSET, type MemberRow } from './membership.sql';

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
 * in progress, if any); the access questions about them are AccessRepository's.
 */
@Injectable()
export class MembershipRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dataSource: DataSource,
  ) {}

  private organizationMemberships() {
    return this.txHost.tx.getRepository(OrganizationMembershipEntity);
  }

  private projectMemberships() {
    return this.txHost.tx.getRepository(ProjectMembershipEntity);
  }

  /**
   * The memberships of each account, with their projects, in one statement whatever the number of
   * accounts. With `organizationId`, only the memberships of that organization (what its members may see).
   * Those of deleted organizations are left out, unless `withDeletedOrganizations` (an account's deletion removes them too).
   */
  async membershipsOf(accountIds: readonly string[], organizationId?: string, withDeletedOrganizations = false): Promise<Map<string, Membership[]>> {
    const result = new Map<string, Membership[]>(accountIds.map((id) => [id, []]));
    if (accountIds.length === 0) return result;
    const rows = await readRows(this.txHost.tx, membershipRows(accountIds, organizationId, withDeletedOrganizations), decodeMembershipRow);
    return groupMemberships(rows, result);
  }

  /** Every account, oldest first, each with all its memberships (the system administrators' listing); one statement per page. */
  accountPage(window: ListWindow): Promise<MemberRow[]> {
    return readRows(this.txHost.tx, accountPage(window), decodeMemberRow);
  }

  countOrganizationMembers(organizationId: string): Promise<number> {
    return this.organizationMemberships().countBy({ organizationId });
  }

  /** The members of an organization in the order they joined, each with its membership there; one statement per page. */
  organizationMemberPage(organizationId: string, window: ListWindow, notInProjectId?: string): Promise<MemberRow[]> {
    return readRows(this.txHost.tx, organizationMemberPage(organizationId, window, notInProjectId), decodeMemberRow);
  }

  /**
   * The member CSV's records of the organization's members, in the order they joined, as Postgres
   * writes them (see {@link organizationMembersCsvCopy}), streamed on a connection of its own
   * outside any transaction.
   */
  membersCsvRecords(organizationId: string): AsyncGenerator<Buffer> {
    return copyOut(this.dataSource, organizationMembersCsvCopy(organizationId));
  }

  /** The members of a project in the order they were added, each with its membership of the owning organization; one statement per page. */
  projectMemberPage(projectId: string, window: ListWindow): Promise<MemberRow[]> {
    return readRows(this.txHost.tx, projectMemberPage(projectId, window), decodeMemberRow);
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
      .orUpdate(PROJECT_MEMBERSHIP_UPSERT.update, PROJECT_MEMBERSHIP_UPSERT.conflict)
      .execute();
  }

  /**
   * Locks the organization's row until the transaction in progress ends (SELECT … FOR NO KEY
   * UPDATE): the lock of its memberships (see MembershipService.lockOrganization). FOR NO KEY
   * UPDATE, not FOR UPDATE: the key share locks that inserts referencing the organization take
   * (a project, a role, an invitation) do not wait for it.
   */
  async lockOrganization(organizationId: string): Promise<void> {
    await execute(this.txHost.tx, lockOrganization(organizationId));
  }

  /** The addresses among `emails` (lower-cased) whose accounts are members of the organization; one statement. */
  async memberEmails(organizationId: string, emails: readonly string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await readRows(this.txHost.tx, organizationMemberEmails(organizationId, emails), decodeMemberEmailRow);
    return new Set(rows.map((r) => r.email));
  }

  /** The accounts holding the organization's admin role (read under the organization's lock, it is the current set). */
  async organizationAdmins(organizationId: string): Promise<string[]> {
    const rows = await readRows(this.txHost.tx, organizationAccountsWithRole(organizationId, ADMIN_ROLE_KEY), decodeAdminRow);
    return rows.map((r) => r.accountId);
  }

  /** The organizations (id and name, by name) where the account is the only admin. */
  organizationsSolelyAdministeredBy(accountId: string): Promise<{ id: string; name: string }[]> {
    return readRows(this.txHost.tx, organizationsWithSoleRole(accountId, ADMIN_ROLE_KEY), decodeNamedOrganization);
  }

  /** Removes the membership and, by cascade, the account's project memberships in the organization. True when one was removed. */
  async deleteOrganizationMembership(accountId: string, organizationId: string): Promise<boolean> {
    const result = await this.organizationMemberships().delete({ accountId, organizationId });
    return (result.affected ?? 0) > 0;
  }

  /** Removes the project membership; the removed one (its role), or null when there was none. */
  async deleteProjectMembership(accountId: string, projectId: string): Promise<{ roleId: string } | null> {
    const [removed] = await readRows(this.txHost.tx, deleteProjectMembership(accountId, projectId), decodeRemovedProjectMembership);
    return removed ?? null;
  }
}
