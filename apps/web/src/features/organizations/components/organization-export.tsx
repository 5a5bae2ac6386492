import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { isApiError } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { useOrganizationExport } from '../api/export-organization';
import '@/locales/ja/organization-export';

/** Megabytes with one decimal. */
function megabytes(bytes: number): number {
  return Math.round(bytes / 100_000) / 10;
}

/**
 * 組織データのエクスポート (docs/product-rules.md#organization-export): the button, then the bytes
 * received as the archive streams in (an indeterminate bar: the archive's size is known only at its
 * end) with the rows it holds, cancel, and a failure with its reason and 再試行. Disabled without the right.
 */
export function OrganizationExportPanel({ organizationId, allowed }: { organizationId: string; allowed: boolean }) {
  const { t } = useTranslation();
  const { state, start, cancel } = useOrganizationExport(organizationId);
  const running = state.status === 'running';
  return (
    <Stack gap="sm" data-testid="organization-export">
      <Text size="sm">{t('organizationExport.description')}</Text>
      <Group gap="sm">
        <PermissionTooltip allowed={allowed}>
          <Button variant="default" disabled={!allowed || running} onClick={() => void start()}>
            {t('organizationExport.start')}
          </Button>
        </PermissionTooltip>
        {running && (
          <Button variant="subtle" color="gray" onClick={cancel}>
            {t('organizationExport.cancel')}
          </Button>
        )}
      </Group>
      {running && (
        <Stack gap={4}>
          {/* Indeterminate: the archive's size is known only at its end, so the text below tells the progress. */}
          <Progress value={100} animated striped aria-hidden />
          <Text size="sm" aria-live="polite" data-testid="organization-export-progress">
            {state.rows === null && state.bytes === 0
              ? t('organizationExport.preparing')
              : t('organizationExport.progress', { megabytes: megabytes(state.bytes), rows: state.rows ?? 0 })}
          </Text>
        </Stack>
      )}
      {state.status === 'done' && (
        <Text size="sm" role="status" data-testid="organization-export-done">
          {t('organizationExport.done', { megabytes: megabytes(state.bytes), rows: state.rows ?? 0 })}
        </Text>
      )}
      {state.status === 'cancelled' && (
        <Text size="sm" c="dimmed" role="status">
          {t('organizationExport.cancelled')}
        </Text>
      )}
      {state.status === 'failed' && (
        <Alert color="red" variant="light" title={t('organizationExport.failed')} role="alert" data-testid="organization-export-error">
          <Stack gap="xs" align="flex-start">
            {isApiError(state.error) && <Text size="sm">{state.error.message}</Text>}
            <Button size="xs" variant="default" onClick={() => void start()}>
              {t('organizationExport.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
