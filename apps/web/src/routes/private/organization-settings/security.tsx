import { Checkbox } from '@mantine/core';
import { Actions } from '@console/domain';
import { SettingsForm, useDraft } from '@/components/settings-form';
import { toastOutcome } from '@/components/toasts';
import { usePermissions } from '@/features/account';
import { OrganizationSettingsPage, useOrganizationSettings, useUpdateOrganizationSecurity } from '@/features/organizations';
import { useTranslation } from '@/lib/i18n';

/** /organizations/{id}/settings/security: whether the members sign in with a second factor (docs/product-rules.md#multi-factor-authentication). */
export function Component() {
  const { t } = useTranslation();
  const { organization } = useOrganizationSettings();
  const can = usePermissions(organization);
  const allowed = can(Actions.OrganizationManageSecurity);
  const [mfaRequired, setMfaRequired] = useDraft(organization.mfaRequired);
  const update = useUpdateOrganizationSecurity();

  return (
    <OrganizationSettingsPage title={t('organizationSettings.security')} maw={720}>
      <SettingsForm
        canSave={mfaRequired !== organization.mfaRequired}
        saving={update.isPending}
        allowed={allowed}
        onSave={() =>
          update.mutate(
            { organizationId: organization.id, mfaRequired },
            toastOutcome(t('organizationSettings.updated'), t('organizationSettings.updateFailed')),
          )
        }
      >
        <Checkbox
          label={t('organizationSettings.mfaRequired')}
          description={t('organizationSettings.mfaRequiredDescription')}
          checked={mfaRequired}
          disabled={!allowed}
          onChange={(e) => setMfaRequired(e.currentTarget.checked)}
        />
      </SettingsForm>
    </OrganizationSettingsPage>
  );
}
