import { Anchor, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ShieldIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { t } from '@/locales';

/** Shown to system admins across the private group (spec §2). */
export function SystemAdminBanner() {
  return (
    <Paper radius={0} bg="orange.0" px="md" py={6} style={{ borderBottom: '1px solid var(--mantine-color-orange-2)' }} role="note" data-testid="system-admin-banner">
      <Group justify="center" gap="xs" wrap="wrap">
        <ShieldIcon size={16} color="var(--mantine-color-orange-8)" />
        <Text size="sm" c="orange.9">
          {t.systemAdminBanner.message}
        </Text>
        <Anchor component={Link} to={paths.systemAdmin.root.getHref()} size="sm" fw={600}>
          {t.systemAdminBanner.link}
        </Anchor>
      </Group>
    </Paper>
  );
}
