import { Paper, TextInput, Title } from '@mantine/core';
import { Actions } from '@console/domain';
import { ImageField } from '@/components/image-field';
import { SettingsForm, useDraft } from '@/components/settings-form';
import { toastOnError, toastOutcome } from '@/components/toasts';
import { usePermissions } from '@/features/account';
import {
  OrganizationDeletionSection,
  OrganizationExportPanel,
  OrganizationSettingsPage,
  useOrganizationSettings,
  useUpdateOrganization,
  useUploadOrganizationProfileImage,
} from '@/features/organizations';
import { useTranslation } from '@/lib/i18n';
import '@/locales/ja/organization-export';

/** /organizations/{id}/settings/general: avatar upload and delete, name, save (docs/product-rules.md#routes, #states); the organization's export; the danger zone that deletes the organization. */
export function Component() {
  const { t } = useTranslation();
  const { organization } = useOrganizationSettings();
  const can = usePermissions(organization);
  const mayUpdate = can(Actions.OrganizationUpdate);
  const mayUpload = can(Actions.OrganizationUploadImage);
  const [name, setName] = useDraft(organization.name);
  const [imageSrc, setImageSrc] = useDraft(organization.profileImageSrc);
  const upload = useUploadOrganizationProfileImage();
  const update = useUpdateOrganization();

  const trimmed = name.trim();
  const changed = trimmed !== organization.name || imageSrc !== organization.profileImageSrc;

  return (
    <OrganizationSettingsPage title={t('organizationSettings.general')} maw={720}>
      <SettingsForm
        canSave={changed && trimmed !== ''}
        saving={update.isPending}
        allowed={mayUpdate}
        onSave={() =>
          update.mutate(
            { organizationId: organization.id, updateProps: { name: trimmed, profileImageSrc: imageSrc } },
            toastOutcome(t('organizationSettings.updated'), t('organizationSettings.updateFailed')),
          )
        }
      >
        <ImageField
          label={t('organizationSettings.image')}
          texts="organizationSettings"
          src={imageSrc}
          initial={(name || organization.name).slice(0, 1)}
          radius="md"
          uploading={upload.isPending}
          mayUpload={mayUpload}
          mayDelete={mayUpdate}
          onUpload={(file) =>
            upload.mutate(
              { organizationId: organization.id, file },
              { onSuccess: (url) => setImageSrc(url), onError: toastOnError(t('organizationSettings.imageUploadFailed')) },
            )
          }
          onDelete={() => setImageSrc(null)}
        />
        <TextInput
          label={t('organizationSettings.name')}
          placeholder={t('organizationSettings.namePlaceholder')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          readOnly={!mayUpdate}
          maw={400}
        />
      </SettingsForm>
      <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="organization-export-title">
        <Title order={2} size="h4" id="organization-export-title" mb="sm">
          {t('organizationExport.title')}
        </Title>
        <OrganizationExportPanel organizationId={organization.id} allowed={can(Actions.OrganizationExport)} />
      </Paper>
      <OrganizationDeletionSection organization={organization} />
    </OrganizationSettingsPage>
  );
}
