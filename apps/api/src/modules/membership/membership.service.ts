import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import { assertOrganizationKeepsAdmin, type Membership, type OrganizationMembershipChange, type ProjectAssignment } from '@console/domain';
import { MembershipRepository } from './membership.repository';

/** Writes of memberships that follow a rule or span both tables (the plain reads and writes are MembershipRepository's). */
@Injectable()
export class MembershipService {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly memberships: MembershipRepository,
  ) {}

  /** Adds the account's membership of an organization with its project roles (an accepted invitation, the demo data), in one transaction. */
  async add(accountId: string, membership: Membership, operatorId: string): Promise<void> {
    await this.transactions.withTransaction(async () => {
      await this.memberships.insertOrganizationMemberships([{ accountId, organizationId: membership.organizationId, roleId: membership.roleId, operatorId }]);
      await this.addProjects(accountId, membership.organizationId, membership.projects, operatorId);
    });
  }

  /** Adds project roles in an organization the account belongs to. */
  async addProjects(accountId: string, organizationId: string, projects: readonly ProjectAssignment[], operatorId: string): Promise<void> {
    await this.memberships.insertProjectMemberships(projects.map((p) => ({ accountId, organizationId, projectId: p.projectId, roleId: p.roleId, operatorId })));
  }

  /**
   * Refuses (LAST_ADMIN) a change of a membership that would leave the organization without an
   * admin. The organization's admin memberships stay locked until the transaction in progress ends
   * (it must be the one that writes the change, and this called before the write), so that
   * concurrent changes (two admins demoting each other) take turns and the second one sees the
   * first one's outcome.
   */
  async assertKeepsAdmin(organizationId: string, change: OrganizationMembershipChange): Promise<void> {
    await this.transactions.withTransaction(Propagation.Mandatory, async () => {
      assertOrganizationKeepsAdmin(await this.memberships.lockOrganizationAdmins(organizationId), change);
    });
  }
}
