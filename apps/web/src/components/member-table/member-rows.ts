import { invitationStatus } from '@console/domain';

export interface MemberRowAccount {
  id: string;
  name: string | null;
  email: string;
}

export interface MemberRowInvitation {
  id: string;
  email: string;
  createdAt: string;
  expiredIn: number;
  /** Its e-mail was given up as failed: shown as 送信失敗, with 再送信 in the row menu. */
  emailDeliveryFailed: boolean;
}

/** A row of the member table: a member with its role there, or an open invitation with the role it gives. */
export type MemberTableRow =
  { kind: 'member'; account: MemberRowAccount; roleId: string | null } | { kind: 'invitation'; invitation: MemberRowInvitation; roleId: string | null };

interface AccountLike {
  id: string;
  name: string | null;
  email: string;
  memberships: readonly { organizationId: string; roleId: string; projects: readonly { projectId: string; roleId: string }[] }[];
}

interface InvitationLike {
  id: string;
  email: string;
  createdAt: string;
  expiredIn: number;
  acceptedAt?: string | null;
  cancelledAt?: string | null;
  emailDeliveryFailed: boolean;
  membership: { organizationId: string; roleId: string; projects: readonly { projectId: string; roleId: string }[] };
}

/** Open invitations only: pending ones and expired ones (shown with the 期限切れ badge). */
function isOpen(invitation: InvitationLike, now: Date): boolean {
  const status = invitationStatus(invitation, now);
  return status === 'pending' || status === 'expired';
}

/** Rows of the organization members table: members with their organization role, then invitations. */
export function organizationMemberRows(
  organizationId: string,
  members: readonly AccountLike[],
  invitations: readonly InvitationLike[],
  now = new Date(),
): MemberTableRow[] {
  return [
    ...members.map((account): MemberTableRow => ({
      kind: 'member',
      account: { id: account.id, name: account.name, email: account.email },
      roleId: account.memberships.find((m) => m.organizationId === organizationId)?.roleId ?? null,
    })),
    ...invitations
      .filter((invitation) => invitation.membership.organizationId === organizationId && isOpen(invitation, now))
      .map((invitation): MemberTableRow => ({ kind: 'invitation', invitation, roleId: invitation.membership.roleId })),
  ];
}

/** Rows of the project members table: members with their project role, then invitations naming the project. */
export function projectMemberRows(
  projectId: string,
  members: readonly AccountLike[],
  invitations: readonly InvitationLike[],
  now = new Date(),
): MemberTableRow[] {
  const projectRole = (projects: readonly { projectId: string; roleId: string }[]) => projects.find((p) => p.projectId === projectId)?.roleId ?? null;
  return [
    ...members.map((account): MemberTableRow => ({
      kind: 'member',
      account: { id: account.id, name: account.name, email: account.email },
      roleId: projectRole(account.memberships.flatMap((m) => m.projects)),
    })),
    ...invitations
      .filter((invitation) => isOpen(invitation, now) && invitation.membership.projects.some((p) => p.projectId === projectId))
      .map((invitation): MemberTableRow => ({ kind: 'invitation', invitation, roleId: projectRole(invitation.membership.projects) })),
  ];
}
