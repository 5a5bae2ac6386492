import { Group, Text } from '@mantine/core';
import { Actions } from '@console/domain';
import { useCurrentAccount } from '@/app/auth-state';
import { useCancelInvitation } from '@/features/invite/api/invitation-actions';
import { useInvitationsInOrganization } from '@/features/invite/api/get-invitations';
import { useAssignOrganizationRole } from '@/features/organization-settings/api/assign-organization-role';
import { useOrganizationMembers } from '@/features/organization-settings/api/get-organization-members';
import { useRemoveOrganizationMember } from '@/features/organization-settings/api/remove-organization-member';
import { MemberTable } from '@/features/organization-settings/components/member-table';
import { OrganizationSettingsPage } from '@/features/organization-settings/components/settings-page';
import { useOrganizationSettings } from '@/features/organization-settings/context';
import { organizationMemberRows } from '@/features/organization-settings/member-rows';
import { usePermissions } from '@/features/organization-settings/permissions';
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
      />
    </OrganizationSettingsPage>
  );
}
