import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '@/components/page-title';
import { RoleTable } from '@/features/organization-settings/components/role-table';
import { useOrganizationSettings } from '@/features/organization-settings/context';
import { t } from '@/locales';

/** /organizations/{id}/settings/roles: role name and description (spec §2). */
export function Component() {
  const { organization } = useOrganizationSettings();
  usePageTitle(`${t.organizationSettings.roles} - ${organization.name}`);
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} size="h3">
        {t.organizationSettings.roles}
      </Title>
      <RoleTable roles={organization.roles} loading={false} />
    </Stack>
  );
}
