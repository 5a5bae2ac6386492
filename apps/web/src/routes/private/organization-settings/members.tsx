import { Group } from '@mantine/core';
import { Actions } from '@console/domain';
import { useSearchQuery } from '@/components/infinite-list/use-search-query';
import { MemberCount } from '@/components/member-table/member-count';
import { organizationMemberRows } from '@/components/member-table/member-rows';
import { MemberTable } from '@/components/member-table/member-table';
import { useCurrentAccount, usePermissions } from '@/features/account';
import { useCancelInvitation, useInvitationsInOrganization, useResendInvitation } from '@/features/invitations';
import {
  OrganizationSettingsPage,
  useAssignOrganizationRole,
  useOrganizationMemberPages,
  useOrganizationSettings,
  useRemoveOrganizationMember,
} from '@/features/organizations';
import { chainInfiniteLists } from '@/lib/infinite-list';
import { useTranslation } from '@/lib/i18n';

/** /organizations/{id}/settings/members: members and pending invitations (docs/product-rules.md#routes), read a page at a time and searched on the server. */
export function Component() {
  const { t } = useTranslation();
  const { organization } = useOrganizationSettings();
  const account = useCurrentAccount();
  const can = usePermissions(organization);
  const search = useSearchQuery();
  const allMembers = useOrganizationMemberPages(organization.id, '');
  const members = useOrganizationMemberPages(organization.id, search.query);
  const invitations = useInvitationsInOrganization(organization.id, search.query);
  const assign = useAssignOrganizationRole();
  const remove = useRemoveOrganizationMember();
  const cancel = useCancelInvitation();
  const resend = useResendInvitation();

  const list = chainInfiniteLists(members, invitations, (memberItems, invitationItems) =>
    organizationMemberRows(organization.id, memberItems, invitationItems),
  );

  return (
    <OrganizationSettingsPage title={t('organizationSettings.members')} maw={1080}>
      <Group justify="space-between">
        <MemberCount members={allMembers} />
      </Group>
      <MemberTable
        list={list}
        search={search}
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
