import { TextInput } from '@mantine/core';
import { Actions, isValidId } from '@console/domain';
import { Navigate } from 'react-router';
import { SettingsForm, useDraft } from '@/components/settings-form';
import { toastOutcome } from '@/components/toasts';
import { paths } from '@/config/paths';
import { usePermissions } from '@/features/account';
import { OrganizationSettingsPage, useOrganizationKarteMapping, useOrganizationSettings, useUpsertOrganizationKarteMapping } from '@/features/organizations';
import { useTranslation } from '@/lib/i18n';

/** /organizations/{id}/settings/karteMapping: the KARTE organization id (those who may read the mapping: system admins; docs/product-rules.md#routes, #permissions). */
export function Component() {
  const { t } = useTranslation();
  const { organization } = useOrganizationSettings();
  const can = usePermissions(organization);
  const mayRead = can(Actions.KarteMappingRead);
  const mayWrite = can(Actions.KarteMappingWrite);
  const mapping = useOrganizationKarteMapping(organization.id, { enabled: mayRead });
  const upsert = useUpsertOrganizationKarteMapping();
  const saved = mapping.data?.karteOrganizationId ?? '';
  const [value, setValue] = useDraft(saved);

  if (!mayRead) return <Navigate to={paths.organizationSettings.general.getHref(organization.id)} replace />;
  if (mapping.isError) throw mapping.error;

  const trimmed = value.trim();
  const valid = isValidId('karteOrganization', trimmed);

  return (
    <OrganizationSettingsPage title={t('organizationSettings.karteMapping')} maw={720}>
      <SettingsForm
        canSave={trimmed !== saved && valid}
        saving={upsert.isPending}
        allowed={mayWrite}
        onSave={() =>
          upsert.mutate(
            { organizationId: organization.id, karteOrganizationId: trimmed },
            toastOutcome(t('organizationSettings.karteSaved'), t('organizationSettings.karteSaveFailed')),
          )
        }
      >
        <TextInput
          label={t('organizationSettings.karteOrganizationId')}
          description={t('organizationSettings.karteOrganizationIdDescription')}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          disabled={mapping.isPending}
          error={trimmed !== '' && !valid ? t('organizationSettings.karteIdInvalid') : undefined}
          maxLength={24}
          maw={400}
          ff="monospace"
        />
      </SettingsForm>
    </OrganizationSettingsPage>
  );
}
