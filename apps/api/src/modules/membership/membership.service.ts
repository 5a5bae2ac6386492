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
   * THE lock of an organization's memberships: the organization's row, locked until the transaction
   * in progress ends (which must be the one that makes the change). Every transaction that changes
   * who belongs to the organization or its projects with which role (assigning a role, removing a
   * member, accepting an invitation, giving a member the projects of an invitation) or that sends an
   * invitation to it takes this lock FIRST, before it reads or locks any membership or invitation
   * row. Such transactions take turns per organization, each reads what the one before it left, and
   * none waits for another in a circle: locking the admins' memberships themselves deadlocked, since
   * two transactions could see different sets of admins and lock one account's row in different
   * orders. Taking the lock again in the same transaction costs a statement and never waits.
   */
  async lockOrganization(organizationId: string): Promise<void> {
    await this.transactions.withTransaction(Propagation.Mandatory, () => this.memberships.lockOrganization(organizationId));
  }

  /**
   * Runs a change of an organization's memberships: `authorize` (the operator's access question,
   * which refuses outsiders before any lock is taken), then in one transaction the organization's
   * lock, `authorize` again — the operator's rights as they are now, since a change that committed
   * meanwhile may have taken them — and `change` with its answer.
   */
  async change<A extends { organizationId: string }, T>(authorize: () => Promise<A>, change: (access: A) => Promise<T>): Promise<T> {
    const { organizationId } = await authorize();
    return this.transactions.withTransaction(async () => {
      await this.lockOrganization(organizationId);
      return change(await authorize());
    });
  }

  /**
   * Refuses (LAST_ADMIN) a change of a membership that would leave the organization without an
   * admin. It reads the admins under the organization's lock (taken here if the transaction has not
   * taken it yet), so that concurrent changes (two admins demoting each other) take turns and the
   * second one sees the first one's outcome.
   */
  async assertKeepsAdmin(organizationId: string, change: OrganizationMembershipChange): Promise<void> {
    await this.lockOrganization(organizationId);
    assertOrganizationKeepsAdmin(await this.memberships.organizationAdmins(organizationId), change);
  }
}
