import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Actions } from '@console/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TypedConfirmDialog } from '@/components/confirm-dialog';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { toast, toastWriteFailure } from '@/components/toasts';
import { paths } from '@/config/paths';
import { usePermissions } from '@/features/account';
import { useTranslation } from '@/lib/i18n';
import { useDeleteOrganization } from '../api/delete-organization';
import type { OrganizationDetail } from '../api/get-organization';
import '@/locales/ja/organization-deletion';

/**
 * The danger zone of an organization's general settings (docs/product-rules.md#organization-deletion):
 * an organization admin deletes the organization after typing its exact name, and is led to the
 * project chooser; for anyone else the button is disabled.
 */
export function OrganizationDeletionSection({ organization }: { organization: OrganizationDetail }) {
  const { t } = useTranslation();
  const can = usePermissions(organization);
  const allowed = can(Actions.OrganizationDelete);
  const navigate = useNavigate();
  const deletion = useDeleteOrganization(async () => {
    toast.success(t('organizationDeletion.deleted'));
    await navigate(paths.projects.list.getHref(), { replace: true });
  });
  const [opened, setOpened] = useState(false);
  const [confirmName, setConfirmName] = useState('');
  const confirmed = confirmName === organization.name;

  function close() {
    setOpened(false);
    setConfirmName('');
  }

  function remove() {
    if (!confirmed || deletion.isPending) return;
    deletion.mutate({ organizationId: organization.id, confirmName }, { onError: (error) => toastWriteFailure(t('organizationDeletion.deleteFailed'), error) });
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      component="section"
      aria-labelledby="organization-danger-zone-title"
      style={{ borderColor: 'var(--mantine-color-red-6)' }}
    >
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="organization-danger-zone-title" c="red.8">
          {t('organizationDeletion.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('organizationDeletion.description')}
        </Text>
        <PermissionTooltip allowed={allowed}>
          <Button color="red" onClick={() => setOpened(true)} disabled={!allowed}>
            {t('organizationDeletion.button')}
          </Button>
        </PermissionTooltip>
      </Stack>
      <TypedConfirmDialog
        opened={opened}
        title={t('organizationDeletion.button')}
        confirmLabel={t('organizationDeletion.confirm')}
        loading={deletion.isPending}
        confirmDisabled={!confirmed}
        onConfirm={remove}
        onCancel={close}
        description={t('organizationDeletion.dialogDescription', { name: organization.name })}
        inputLabel={t('organizationDeletion.confirmationLabel')}
        value={confirmName}
        onValueChange={setConfirmName}
      />
    </Paper>
  );
}
