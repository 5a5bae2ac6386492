import { TextInput } from '@mantine/core';
import { isValidId } from '@console/domain';
import { Navigate } from 'react-router';
import { useCurrentAccount } from '@/app/auth-state';
import { SettingsForm, useDraft } from '@/components/settings-form';
import { toastOutcome } from '@/components/toasts';
import { paths } from '@/config/paths';
import { useOrganizationKarteMapping } from '@/features/organization-settings/api/get-organization-karte-mapping';
import { useUpsertOrganizationKarteMapping } from '@/features/organization-settings/api/upsert-organization-karte-mapping';
import { OrganizationSettingsPage } from '@/features/organization-settings/components/settings-page';
import { useOrganizationSettings } from '@/features/organization-settings/context';
import { t } from '@/locales';

/** /organizations/{id}/settings/karteMapping: the KARTE organization id (system admins only; spec §2). */
export function Component() {
  const { organization } = useOrganizationSettings();
  const account = useCurrentAccount();
  const mapping = useOrganizationKarteMapping(organization.id, { enabled: account.isSystemAdmin });
  const upsert = useUpsertOrganizationKarteMapping();
  const saved = mapping.data?.karteOrganizationId ?? '';
  const [value, setValue] = useDraft(saved);

  if (!account.isSystemAdmin) return <Navigate to={paths.organizationSettings.general.getHref(organization.id)} replace />;
  if (mapping.isError) throw mapping.error;

  const trimmed = value.trim();
  const valid = isValidId('karteOrganization', trimmed);

  return (
    <OrganizationSettingsPage title={t.organizationSettings.karteMapping} maw={720}>
      <SettingsForm
        canSave={trimmed !== saved && valid}
        saving={upsert.isPending}
        onSave={() =>
          upsert.mutate({ organizationId: organization.id, karteOrganizationId: trimmed }, toastOutcome(t.organizationSettings.karteSaved, t.organizationSettings.karteSaveFailed))
        }
      >
        <TextInput
          label={t.organizationSettings.karteOrganizationId}
          description={t.organizationSettings.karteOrganizationIdDescription}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          disabled={mapping.isPending}
          error={trimmed !== '' && !valid ? t.organizationSettings.karteIdInvalid : undefined}
          maxLength={24}
          maw={400}
          ff="monospace"
        />
      </SettingsForm>
    </OrganizationSettingsPage>
  );
}
