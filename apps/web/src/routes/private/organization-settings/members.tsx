import { Group, Text } from '@mantine/core';
import { Actions } from '@console/domain';
import { organizationMemberRows } from '@/components/member-table/member-rows';
import { MemberTable } from '@/components/member-table/member-table';
import { useCurrentAccount, usePermissions } from '@/features/account';
import { useCancelInvitation, useInvitationsInOrganization, useResendInvitation } from '@/features/invitations';
import { OrganizationSettingsPage, useAssignOrganizationRole, useOrganizationMembers, useOrganizationSettings, useRemoveOrganizationMember } from '@/features/organizations';
import { t } from '@/locales';

/** /organizations/{id}/settings/members: members and pending invitations (spec §2). */
export function Component() {
  const { organization } = useOrganizationSettings();
  const account = useCurrentAccount();
  const can = usePermissions(organization);
  const members = useOrganizationMembers(organization.id);
  const invitations = useInvitationsInOrganization(organization.id);
  const assign = useAssignOrganizationRole();
  const remove = useRemoveOrganizationMember();
  const cancel = useCancelInvitation();
  const resend = useResendInvitation();

  if (members.isError) throw members.error;
  if (invitations.isError) throw invitations.error;
  const rows = members.data && invitations.data ? organizationMemberRows(organization.id, members.data, invitations.data) : undefined;

  return (
    <OrganizationSettingsPage title={t.organizationSettings.members} maw={1080}>
      <Group justify="space-between">
        <Text fw={600} data-testid="member-count">
          {members.data ? t.memberTable.count(members.data.length) : '\u00a0'}
        </Text>
      </Group>
      <MemberTable
        rows={rows}
        loading={members.isPending || invitations.isPending}
        roles={organization.roles}
        currentAccountId={account.id}
        canAssignRole={(accountId) => can(Actions.OrganizationAssignRole, { targetAccountId: accountId })}
        canRemove={(accountId) => can(Actions.OrganizationRemoveMember, { targetAccountId: accountId })}
        canCancelInvitation={can(Actions.InvitationCancel)}
        onAssignRole={(accountId, roleId) => assign.mutateAsync({ accountId, props: { organizationId: organization.id, roleId } })}
        onRemove={(accountId) => remove.mutateAsync({ organizationId: organization.id, accountId })}
        onCancelInvitation={(invitationId) => cancel.mutateAsync(invitationId)}
        onResendInvitation={(invitationId) => resend.mutateAsync(invitationId)}
      />
    </OrganizationSettingsPage>
  );
}
