import { RoleTable } from '@/components/role-table';
import { OrganizationSettingsPage, useOrganizationSettings } from '@/features/organizations';
import { useTranslation } from '@/lib/i18n';

/** /organizations/{id}/settings/roles: role name and description (docs/product-rules.md#routes). */
export function Component() {
  const { t } = useTranslation();
  const { organization } = useOrganizationSettings();
  return (
    <OrganizationSettingsPage title={t('organizationSettings.roles')} maw={960}>
      <RoleTable roles={organization.roles} loading={false} />
    </OrganizationSettingsPage>
  );
}
