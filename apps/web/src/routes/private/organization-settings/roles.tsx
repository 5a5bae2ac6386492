import { RoleTable } from '@/components/role-table';
import { OrganizationSettingsPage, useOrganizationSettings } from '@/features/organizations';
import { t } from '@/locales';

/** /organizations/{id}/settings/roles: role name and description (spec §2). */
export function Component() {
  const { organization } = useOrganizationSettings();
  return (
    <OrganizationSettingsPage title={t.organizationSettings.roles} maw={960}>
      <RoleTable roles={organization.roles} loading={false} />
    </OrganizationSettingsPage>
  );
}
