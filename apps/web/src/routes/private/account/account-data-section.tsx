import { Alert, Anchor, Button, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { TypedConfirmDialog } from '@/components/confirm-dialog';
import { toast, toastOnError, toastWriteFailure } from '@/components/toasts';
import { paths } from '@/config/paths';
import { accountDataFilename, useAccountDeletionCheck, useCurrentAccount, useDeleteAccount, useExportAccountData } from '@/features/account';
import { saveBlob } from '@/lib/download';
import { logout } from '@/features/auth';
import { isApiError } from '@/lib/api-error';
import { ErrorCodes } from '@console/domain';
import '@/locales/ja/account';

/**
 * The account's own data (docs/product-rules.md#account-data-export, #account-deletion): a JSON
 * download, and a danger zone that deletes the account after its address is typed; refused, with
 * the organizations to hand over, while it is the last administrator of one.
 */
export function AccountDataSection() {
  const { t } = useTranslation();
  const account = useCurrentAccount();
  const navigate = useNavigate();
  const check = useAccountDeletionCheck();
  const exportData = useExportAccountData();
  const deletion = useDeleteAccount();
  const [opened, setOpened] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const confirmed = confirmation.trim().toLowerCase() === account.email;
  const lastAdminOf = check.data?.lastAdminOf ?? [];

  function download() {
    exportData.mutate(undefined, {
      onSuccess: (data) => saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), accountDataFilename(new Date(data.exportedAt))),
      onError: toastOnError(t('accountData.exportFailed')),
    });
  }

  function close() {
    setOpened(false);
    setConfirmation('');
  }

  async function signedOut() {
    await logout();
    toast.success(t('accountData.deleted'));
    await navigate(paths.auth.login.getHref(), { replace: true });
  }

  function remove() {
    if (!confirmed) return;
    deletion.mutate(confirmation, {
      onSuccess: () => void signedOut(),
      onError: (error) => {
        console.error(error);
        if (isApiError(error) && error.errorCode === ErrorCodes.LAST_ADMIN_OF_ORGANIZATION) {
          close();
          void check.refetch();
        }
        toastWriteFailure(t('accountData.deleteFailed'), error);
      },
    });
  }

  return (
    <Stack gap="lg" mt="lg">
      <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="account-data-title">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4" id="account-data-title">
            {t('accountData.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('accountData.exportDescription')}
          </Text>
          <Button variant="default" onClick={download} loading={exportData.isPending}>
            {t('accountData.exportButton')}
          </Button>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="danger-zone-title" style={{ borderColor: 'var(--mantine-color-red-6)' }}>
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4" id="danger-zone-title" c="red.8">
            {t('accountData.dangerZone')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('accountData.deleteDescription')}
          </Text>
          {check.isPending ? <Skeleton height={36} width={200} /> : null}
          {check.isError ? <Alert color="red">{t('accountData.checkFailed')}</Alert> : null}
          {lastAdminOf.length > 0 ? (
            <Alert color="red" title={t('accountData.lastAdminTitle')} w="100%">
              <Stack gap="xs">
                <List size="sm">
                  {lastAdminOf.map((organization) => (
                    <List.Item key={organization.id}>
                      {/* The primary colour's darkest shade: the usual link colour lacks contrast on the alert's red. */}
                      <Anchor
                        component={Link}
                        to={paths.organizationSettings.members.getHref(organization.id)}
                        size="sm"
                        c="var(--mantine-primary-color-9)"
                        underline="always"
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {organization.name}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
                <Text size="sm">{t('accountData.lastAdminDescription')}</Text>
              </Stack>
            </Alert>
          ) : null}
          <Button color="red" onClick={() => setOpened(true)} disabled={!check.isSuccess || lastAdminOf.length > 0}>
            {t('accountData.deleteButton')}
          </Button>
        </Stack>
      </Paper>
      <TypedConfirmDialog
        opened={opened}
        title={t('accountData.dialogTitle')}
        confirmLabel={t('accountData.confirm')}
        loading={deletion.isPending}
        confirmDisabled={!confirmed}
        onConfirm={remove}
        onCancel={close}
        description={t('accountData.dialogDescription', { email: account.email })}
        inputLabel={t('accountData.confirmationLabel')}
        value={confirmation}
        onValueChange={setConfirmation}
      />
    </Stack>
  );
}
