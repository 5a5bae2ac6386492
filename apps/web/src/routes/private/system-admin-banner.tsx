import { Anchor, Group, Paper, Text } from '@mantine/core';
import { Actions } from '@console/domain';
import { Link } from 'react-router';
import { ShieldIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { usePermissions } from '@/features/account';
import { useTranslation } from '@/lib/i18n';

/** Shown across the private group to those who may enter the system-admin area: system admins (docs/product-rules.md#routes, #permissions). */
export function SystemAdminBanner() {
  const { t } = useTranslation();
  const can = usePermissions();
  if (!can(Actions.SystemAdminAccess)) return null;
  return (
    // The page's header (banner landmark): nothing of the page is left outside a landmark.
    <Paper
      component="header"
      radius={0}
      bg="orange.0"
      px="md"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-orange-2)' }}
      data-testid="system-admin-banner"
    >
      <Group justify="center" gap="xs" wrap="wrap" role="note">
        <ShieldIcon size={16} color="var(--mantine-color-orange-8)" />
        <Text size="sm" c="orange.9">
          {t('systemAdminBanner.message')}
        </Text>
        <Anchor component={Link} to={paths.systemAdmin.root.getHref()} size="sm" fw={600}>
          {t('systemAdminBanner.link')}
        </Anchor>
      </Group>
    </Paper>
  );
}
