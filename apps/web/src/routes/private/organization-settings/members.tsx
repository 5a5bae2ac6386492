import { Button, Group } from '@mantine/core';
import { Actions } from '@console/domain';
import { useSearchQuery } from '@/components/infinite-list/use-search-query';
import { MemberCount } from '@/components/member-table/member-count';
import { organizationMemberRows } from '@/components/member-table/member-rows';
import { MemberTable } from '@/components/member-table/member-table';
import { useCurrentAccount, usePermissions } from '@/features/account';
import { MemberImportDialog, useCancelInvitation, useInvitationsInOrganization, useResendInvitation } from '@/features/invitations';
import {
  MemberCsvExportMenu,
  OrganizationSettingsPage,
  useAssignOrganizationRole,
  useOrganizationMemberPages,
  useOrganizationSettings,
  useRemoveOrganizationMember,
} from '@/features/organizations';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { chainInfiniteLists } from '@/lib/infinite-list';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import '@/locales/ja/member-csv';

/**
 * /organizations/{id}/settings/members: members and pending invitations (docs/product-rules.md#routes), read a page at a time and searched on the
 * server; the member CSV export and import (docs/product-rules.md#member-csv).
 */
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
  const [importing, setImporting] = useState(false);
  const importButton = useRef<HTMLButtonElement>(null);
  const mayImport = can(Actions.OrganizationInvite);

  const list = chainInfiniteLists(members, invitations, (memberItems, invitationItems) =>
    organizationMemberRows(organization.id, memberItems, invitationItems),
  );

  return (
    <OrganizationSettingsPage title={t('organizationSettings.members')} maw={1080}>
      <Group justify="space-between">
        <MemberCount members={allMembers} />
        <Group gap="sm">
          <MemberCsvExportMenu organizationId={organization.id} allowed={can(Actions.OrganizationExportMembers)} />
          <PermissionTooltip allowed={mayImport}>
            <Button ref={importButton} variant="default" onClick={() => setImporting(true)} disabled={!mayImport}>
              {t('memberCsv.import')}
            </Button>
          </PermissionTooltip>
        </Group>
      </Group>
      {importing ? (
        <Suspense fallback={null}>
          <MemberImportDialog
            organizationId={organization.id}
            opened
            onClose={() => {
              // The dialog is removed as it closes: the focus goes back to the button that opened it.
              setImporting(false);
              importButton.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
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
