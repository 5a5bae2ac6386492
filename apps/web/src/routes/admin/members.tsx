import { Badge, Button, Group, Menu, Paper, Table } from '@mantine/core';
import { Actions, ErrorCodes } from '@console/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RowMenu } from '@/components/data-table';
import { displayName } from '@/components/display-name';
import { SearchInput } from '@/components/infinite-list/search-input';
import { useSearchQuery } from '@/components/infinite-list/use-search-query';
import { VirtualTable } from '@/components/infinite-list/virtual-table';
import { usePageTitle } from '@/components/page-title';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { toast, toastWriteFailure } from '@/components/toasts';
import { TruncatedText } from '@/components/truncated-text';
import { useConfirmedAction } from '@/components/use-confirmed-action';
import { useCurrentAccount, usePermissions } from '@/features/account';
import { GrantSystemAdminDialog, useAccountPages, useUpdateIsSystemAdmin, type AdminAccount } from '@/features/system-admin';
import { isApiError } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import '@/locales/ja/system-admin';

/** The height of the accounts table's scroll area: the rest of the window, at least 320 px. */
const ACCOUNT_TABLE_MAX_HEIGHT = 'max(320px, calc(100dvh - 360px))';
/** The table's narrowest width (scrolled sideways on a phone). */
const ACCOUNT_TABLE_MIN_WIDTH = 720;

/**
 * /system-admin/members (docs/product-rules.md#routes): accounts with name, email and status (always アクティブ), a row
 * menu to grant or revoke system-admin rights (disabled on one's own row) and the grant dialog.
 * The accounts are read a page at a time as the table scrolls, and searched on the server. An
 * account just granted through the dialog is searched for by its address, then scrolled to and
 * highlighted (its row was not necessarily read, and its badge is what changed).
 */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(`${t('systemAdmin.members')} - ${t('systemAdmin.title')}`);
  const me = useCurrentAccount();
  const can = usePermissions();
  const search = useSearchQuery();
  const accounts = useAccountPages(search.query);
  const update = useUpdateIsSystemAdmin();
  const [granting, setGranting] = useState(false);
  /** The account granted through the dialog last. */
  const [granted, setGranted] = useState<string | null>(null);
  const revocation = useConfirmedAction((account: AdminAccount) => update.mutateAsync({ email: account.email, isSystemAdmin: false }), {
    success: t('systemAdmin.revoked'),
    failure: t('systemAdmin.revokeFailed'),
  });

  function grant(account: AdminAccount) {
    update.mutate(
      { email: account.email, isSystemAdmin: true },
      {
        onSuccess: () => toast.success(t('systemAdmin.granted')),
        onError: (error) => {
          console.error(error);
          toastWriteFailure(
            isApiError(error) && error.errorCode === ErrorCodes.INTERNAL_ACCOUNTS_ONLY ? t('systemAdmin.outsideDomain') : t('systemAdmin.grantFailed'),
            error,
          );
        },
      },
    );
  }

  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md">
        <SearchInput
          search={search}
          searching={accounts.isSearching}
          label={t('systemAdmin.accountSearchLabel')}
          placeholder={t('systemAdmin.accountSearchPlaceholder')}
          flex="1 1 240px"
          maw={360}
        />
        <Button onClick={() => setGranting(true)}>{t('systemAdmin.grantButton')}</Button>
      </Group>
      <VirtualTable
        list={accounts}
        label={t('systemAdmin.accountListLabel')}
        maxHeight={ACCOUNT_TABLE_MAX_HEIGHT}
        minWidth={ACCOUNT_TABLE_MIN_WIDTH}
        estimateRowHeight={55}
        revealIndex={granted === null ? -1 : accounts.items.findIndex((account) => account.id === granted)}
        verticalSpacing="sm"
        data-testid="accounts-table"
        columns={[
          { label: t('systemAdmin.name') },
          { label: t('systemAdmin.email') },
          { label: t('systemAdmin.status') },
          { label: t('systemAdmin.actions'), w: 60, labelHidden: true },
        ]}
        empty={t('systemAdmin.noAccounts')}
        noMatch={t('systemAdmin.noAccountMatch')}
        renderRow={(account, rowProps) => {
          const name = displayName(account);
          const isSelf = account.id === me.id;
          // System admins only, never on oneself. The company domain of a grant is the API's to
          // check (the web does not know it): its INTERNAL_ACCOUNTS_ONLY answer becomes a toast.
          const allowed = can(Actions.SystemAdminRevoke, { targetAccountId: account.id, targetEmail: account.email });
          return (
            <Table.Tr
              key={account.id}
              {...rowProps}
              data-testid="account-row"
              data-email={account.email}
              data-created={account.id === granted || undefined}
              bg={account.id === granted ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <TruncatedText c={account.name ? undefined : 'dimmed'}>{isSelf ? `${name}${t('memberTable.you')}` : name}</TruncatedText>
                  {account.isSystemAdmin ? (
                    <Badge size="sm" variant="light" color="indigo">
                      {t('systemAdmin.systemAdminBadge')}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <TruncatedText>{account.email}</TruncatedText>
              </Table.Td>
              <Table.Td>
                <Badge color="teal" variant="light">
                  {t('systemAdmin.active')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <PermissionTooltip allowed={allowed}>
                  <RowMenu label={t('systemAdmin.menuLabel', { name: account.email })} disabled={!allowed}>
                    {account.isSystemAdmin ? (
                      <Menu.Item color="red" onClick={() => revocation.request(account)}>
                        {t('systemAdmin.revoke')}
                      </Menu.Item>
                    ) : (
                      <Menu.Item onClick={() => grant(account)}>{t('systemAdmin.grant')}</Menu.Item>
                    )}
                  </RowMenu>
                </PermissionTooltip>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />
      <GrantSystemAdminDialog
        opened={granting}
        onClose={() => setGranting(false)}
        onGranted={(account) => {
          search.setInput(account.email);
          setGranted(account.id);
        }}
      />
      <ConfirmDialog {...revocation.dialog} title={t('systemAdmin.revoke')} confirmLabel={t('systemAdmin.revokeConfirm')} danger>
        {revocation.target ? t('systemAdmin.revokeMessage', { email: revocation.target.email }) : ''}
      </ConfirmDialog>
    </Paper>
  );
}
