import { Injectable } from '@nestjs/common';
import { addMissingProjects, assertInvitationMembershipValid, invitationStatus, type Membership } from '@console/domain';
import { AccountRepository } from '../account/account.repository';
import type { AuditContext } from '../audit/audit-context';
import { AuditService } from '../audit/audit.service';
import { AccessService, type Access } from '../membership/access.service';
import type { RoleEntity } from '../role/role.entity';
import { RoleRepository } from '../role/role.repository';
import type { InvitationEntity } from './invitation.entity';
import { InvitationRepository } from './invitation.repository';

/** An invitation as the questions below need it. */
type GrantedInvitation = Pick<InvitationEntity, 'id' | 'organizationId' | 'email' | 'roleId' | 'projects' | 'createdById'>;

/**
 * An invitation grants no more than its sender may still grant. The sender's right to send it is
 * asked again — with THE rule of sending an invitation (AccessService.decideInvite, the domain's
 * decide()), for the sender as they are now: system administrator, organization admin, project
 * admin of the invited projects — when it is accepted (InvitationAcceptanceService.accept) and when its
 * sender loses a role in the organization or one of its projects, or is removed from either
 * ({@link cancelUngrantable}). Both run under the organization's lock (MembershipService.lockOrganization),
 * as do sending an invitation and every membership change, so each sees the other's outcome.
 */
@Injectable()
export class InvitationGrantsService {
  constructor(
    private readonly access: AccessService,
    private readonly accounts: AccountRepository,
    private readonly roles: RoleRepository,
    private readonly invitations: InvitationRepository,
    private readonly audit: AuditService,
  ) {}

  /**
   * Validates a membership to grant (an invitation's, a join policy's) with the domain rule
   * (docs/product-rules.md#invitations): the organization role and every project (and its role)
   * must belong to the organization (`access`, asked with those projects, tells which do).
   */
  async assertValid(invited: Membership, access: Access, organizationRoles: readonly RoleEntity[]): Promise<void> {
    const projectIds = invited.projects.map((p) => p.projectId);
    const projectRoles = await this.roles.findProjectRoles(projectIds);
    assertInvitationMembershipValid(invited, {
      id: invited.organizationId,
      roleIds: organizationRoles.map((r) => r.id),
      projects: projectIds
        .filter((id) => access.includesProject(id))
        .map((id) => ({ id, roleIds: projectRoles.filter((r) => r.projectId === id).map((r) => r.id) })),
    });
  }

  /**
   * What accepting each invitation (all of one organization) gives now, by invitation id: its
   * organization role, and those of its projects that still exist in the organization with the
   * invited role (a project or role gone since it was sent is skipped); null when its organization
   * role is gone.
   */
  async memberships(organizationId: string, invitations: readonly GrantedInvitation[]): Promise<Map<string, Membership | null>> {
    const organizationRoles = await this.roles.findOrganizationRoles([organizationId]);
    const projectRoles = await this.roles.findProjectRoles([...new Set(invitations.flatMap((i) => i.projects.map((p) => p.projectId)))]);
    const result = new Map<string, Membership | null>();
    for (const invitation of invitations) {
      if (!organizationRoles.some((r) => r.id === invitation.roleId)) {
        result.set(invitation.id, null);
        continue;
      }
      const projects = invitation.projects.filter((p) =>
        projectRoles.some((r) => r.id === p.roleId && r.projectId === p.projectId && r.organizationId === organizationId),
      );
      result.set(invitation.id, { organizationId, roleId: invitation.roleId, projects: addMissingProjects([], projects) });
    }
    return result;
  }

  /**
   * The ids of those invitations (all sent by `senderId` to the organization, with the membership
   * each gives now) that their sender, as they are now, may no longer send. A sender whose account
   * is gone may send none. The root account's system-admin rights count as its flag says (whether
   * its address is verified is known only while it signs in).
   */
  async ungrantable(
    organizationId: string,
    senderId: string,
    invitations: readonly { invitation: GrantedInvitation; membership: Membership }[],
  ): Promise<Set<string>> {
    const ids = new Set<string>();
    if (invitations.length === 0) return ids;
    const account = await this.accounts.findById(senderId);
    const projectIds = [...new Set(invitations.flatMap((i) => i.membership.projects.map((p) => p.projectId)))];
    const access =
      account && (await this.access.of({ id: account.id, email: account.email, isSystemAdmin: account.isSystemAdmin }, organizationId, projectIds));
    const organizationRoles = access ? await this.roles.findOrganizationRoles([organizationId]) : [];
    for (const { invitation, membership } of invitations) {
      if (!access || !this.access.decideInvite(access, membership, organizationRoles, [invitation.email]).allowed) ids.add(invitation.id);
    }
    return ids;
  }

  /** Whether the invitation's sender, as they are now, may still send it (giving `membership`, what accepting it gives now). */
  async senderMayGrant(invitation: GrantedInvitation, membership: Membership): Promise<boolean> {
    return (await this.ungrantable(invitation.organizationId, invitation.createdById, [{ invitation, membership }])).size === 0;
  }

  /**
   * After `senderId` was demoted or removed (in the organization or one of its projects), in the
   * transaction of that change and under the organization's lock: cancels the pending invitations
   * they sent to the organization that they could no longer send, with one invitation.cancel
   * event each (by the operator of the change, in its request). Expired ones are left as they are.
   */
  async cancelUngrantable(organizationId: string, senderId: string, operatorId: string, audit: AuditContext): Promise<void> {
    const now = new Date();
    const pending = (await this.invitations.openSentBy(organizationId, senderId)).filter((i) => invitationStatus(i, now) === 'pending');
    if (pending.length === 0) return;
    const memberships = await this.memberships(organizationId, pending);
    const questions = pending.flatMap((invitation) => {
      const membership = memberships.get(invitation.id);
      // An invitation whose organization role is gone cannot be accepted anyway.
      return membership ? [{ invitation, membership }] : [];
    });
    const ungrantable = await this.ungrantable(organizationId, senderId, questions);
    await this.cancel(organizationId, [...ungrantable], operatorId, audit);
  }

  /** Cancels those of the invitations (of the organization) that are still open, with one invitation.cancel event each. */
  async cancel(organizationId: string, invitationIds: readonly string[], operatorId: string, audit: AuditContext): Promise<void> {
    const now = new Date();
    const cancelled = await this.invitations.cancelOpen(invitationIds, operatorId);
    await this.audit.recordAll(
      audit,
      cancelled.map((c) => ({
        action: 'invitation.cancel',
        targetType: 'invitation',
        targetId: c.id,
        organizationId,
        changes: { status: { before: invitationStatus(c, now), after: 'cancelled' } },
      })),
    );
  }
}
