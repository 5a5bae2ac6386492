import { Button, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { Actions } from '@console/domain';
import { useTranslation } from '@/lib/i18n';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { usePageTitle } from '@/components/page-title';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { TableSkeleton } from '@/components/table-skeleton';
import { TruncatedText } from '@/components/truncated-text';
import { useConfirmedAction } from '@/components/use-confirmed-action';
import { usePermissions } from '@/features/account';
import { useDeletedOrganizations, useRestoreOrganization, type DeletedOrganization } from '@/features/system-admin';
import '@/locales/ja/organization-deletion';
import '@/locales/ja/system-admin';

/** The table's narrowest width (scrolled sideways on a phone). */
const TABLE_MIN_WIDTH = 760;

/**
 * /system-admin/deleted-organizations (docs/product-rules.md#organization-deletion): the deleted
 * organizations not purged yet, with when and by whom they were deleted and when they are purged;
 * 復元 after a confirmation while the retention period lasts.
 */
export function Component() {
  const { t, language } = useTranslation();
  usePageTitle(`${t('organizationDeletion.deletedTab')} - ${t('systemAdmin.title')}`);
  const can = usePermissions();
  const allowed = can(Actions.OrganizationRestore);
  const deleted = useDeletedOrganizations();
  const restore = useRestoreOrganization();
  const restoration = useConfirmedAction((organization: DeletedOrganization) => restore.mutateAsync(organization), {
    success: t('organizationDeletion.restored'),
    failure: t('organizationDeletion.restoreFailed'),
  });

  if (deleted.isError) throw deleted.error;
  const formatTime = (iso: string) => new Date(iso).toLocaleString(language);

  return (
    <Paper withBorder radius="md" p="lg">
      <Text size="sm" c="dimmed" mb="md">
        {t('organizationDeletion.deletedDescription')}
      </Text>
      {deleted.isPending ? (
        <TableSkeleton rows={3} columns={5} />
      ) : (
        <ScrollArea type="auto" offsetScrollbars="x">
          <DataTable
            aria-label={t('organizationDeletion.deletedTab')}
            miw={TABLE_MIN_WIDTH}
            verticalSpacing="sm"
            data-testid="deleted-organizations-table"
            columns={[
              { label: t('systemAdmin.organizationName') },
              { label: t('organizationDeletion.deletedAt') },
              { label: t('organizationDeletion.deletedBy') },
              { label: t('organizationDeletion.purgeAt') },
              { label: t('systemAdmin.actions'), labelHidden: true },
            ]}
            rows={deleted.data}
            empty={t('organizationDeletion.noDeleted')}
            renderRow={(organization) => (
              <Table.Tr key={organization.id} data-testid="deleted-organization-row" data-organization-id={organization.id}>
                <Table.Td maw={220}>
                  <TruncatedText>{organization.name}</TruncatedText>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(organization.deletedAt)}</Table.Td>
                <Table.Td maw={220}>
                  <TruncatedText>{organization.deletedByName ?? organization.deletedByEmail ?? t('organizationDeletion.unknownAccount')}</TruncatedText>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(organization.purgeAt)}</Table.Td>
                <Table.Td>
                  {organization.restorable ? (
                    <PermissionTooltip allowed={allowed}>
                      <Button
                        size="xs"
                        variant="default"
                        disabled={!allowed}
                        onClick={() => restoration.request(organization)}
                        aria-label={`${t('organizationDeletion.restore')}: ${organization.name}`}
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {t('organizationDeletion.restore')}
                      </Button>
                    </PermissionTooltip>
                  ) : (
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {t('organizationDeletion.purging')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            )}
          />
        </ScrollArea>
      )}
      <ConfirmDialog {...restoration.dialog} title={t('organizationDeletion.restore')} confirmLabel={t('organizationDeletion.restoreConfirm')}>
        {restoration.target ? t('organizationDeletion.restoreMessage', { name: restoration.target.name }) : ''}
      </ConfirmDialog>
    </Paper>
  );
}
