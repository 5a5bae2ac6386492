import { Badge, Button, Group, Paper, ScrollArea, Table } from '@mantine/core';
import { Actions } from '@console/domain';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { usePageTitle } from '@/components/page-title';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { TableSkeleton } from '@/components/table-skeleton';
import { TruncatedText } from '@/components/truncated-text';
import { useConfirmedAction } from '@/components/use-confirmed-action';
import { usePermissions } from '@/features/account';
import { useAllSsoConnections, useDisableSsoConnection, type AdminSsoConnection } from '@/features/sso-settings';
import { useTranslation } from '@/lib/i18n';
import '@/locales/ja/sso';
import '@/locales/ja/system-admin';

/**
 * /system-admin/sso (docs/product-rules.md#single-sign-on): every organization's SSO connection — its
 * protocol, whether it is enabled and required — and 無効にする, after a confirmation, for a broken one.
 */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(`${t('systemAdmin.ssoConnections')} - ${t('systemAdmin.title')}`);
  const can = usePermissions();
  const allowed = can(Actions.SsoDisable);
  const connections = useAllSsoConnections();
  const disable = useDisableSsoConnection();
  const disabling = useConfirmedAction((connection: AdminSsoConnection) => disable.mutateAsync(connection), {
    success: t('sso.disabled'),
    failure: t('sso.disableFailed'),
  });

  if (connections.isError) throw connections.error;
  return (
    <Paper withBorder radius="md" p="lg">
      {connections.isPending ? (
        <TableSkeleton rows={2} columns={4} />
      ) : (
        // Reachable by keyboard when it scrolls sideways (a phone), also without a button in it.
        <ScrollArea type="auto" offsetScrollbars="x" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('systemAdmin.ssoConnections') }}>
          <DataTable
            aria-label={t('systemAdmin.ssoConnections')}
            miw={640}
            verticalSpacing="sm"
            data-testid="sso-connections-table"
            columns={[
              { label: t('sso.organization') },
              { label: t('sso.type') },
              { label: t('sso.state') },
              { label: t('systemAdmin.actions'), labelHidden: true },
            ]}
            rows={connections.data}
            empty={t('sso.adminEmpty')}
            renderRow={(connection) => (
              <Table.Tr key={connection.id} data-testid="sso-connection-row">
                <Table.Td maw={240}>
                  <TruncatedText>{connection.organizationName}</TruncatedText>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{t(`sso.types.${connection.type}`)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Badge color={connection.enabled ? 'teal' : 'gray'} variant="light">
                      {t(connection.enabled ? 'sso.states.enabled' : 'sso.states.disabled')}
                    </Badge>
                    {connection.required && (
                      <Badge color="indigo" variant="light">
                        {t('sso.requiredBadge')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {connection.enabled && (
                    <PermissionTooltip allowed={allowed}>
                      <Button
                        size="xs"
                        variant="default"
                        disabled={!allowed}
                        onClick={() => disabling.request(connection)}
                        aria-label={`${t('sso.disable')}: ${connection.organizationName}`}
                      >
                        {t('sso.disable')}
                      </Button>
                    </PermissionTooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            )}
          />
        </ScrollArea>
      )}
      <ConfirmDialog {...disabling.dialog} title={t('sso.disableTitle')} confirmLabel={t('sso.disable')} danger>
        {disabling.target ? t('sso.disableConfirm', { organization: disabling.target.organizationName }) : ''}
      </ConfirmDialog>
    </Paper>
  );
}
