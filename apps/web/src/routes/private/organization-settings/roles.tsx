import { RoleTable } from '@/features/organization-settings/components/role-table';
import { OrganizationSettingsPage } from '@/features/organization-settings/components/settings-page';
import { useOrganizationSettings } from '@/features/organization-settings/context';
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
