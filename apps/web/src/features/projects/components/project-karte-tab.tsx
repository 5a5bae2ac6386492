import { TextInput } from '@mantine/core';
import { SettingsForm, useDraft } from '@/components/settings-form';
import { toastOutcome } from '@/components/toasts';
import { useTranslation } from '@/lib/i18n';
import { useProjectKarteMapping } from '../api/get-project-karte-mapping';
import { useUpsertProjectKarteMapping } from '../api/upsert-project-karte-mapping';

/** KARTE連携 (system admins only): the external project id, saved only when changed (docs/product-rules.md#screens, #validation). */
export function ProjectKarteTab({ projectId, mayUpdate }: { projectId: string; mayUpdate: boolean }) {
  const { t } = useTranslation();
  const mapping = useProjectKarteMapping(projectId);
  const upsert = useUpsertProjectKarteMapping();
  const saved = mapping.data?.karteProjectId ?? '';
  const [value, setValue] = useDraft(saved);
  if (mapping.isError) throw mapping.error;

  return (
    <SettingsForm
      canSave={value !== saved && !mapping.isPending}
      saving={upsert.isPending}
      allowed={mayUpdate}
      onSave={() => upsert.mutate({ projectId, karteProjectId: value }, toastOutcome(t('projectSettings.karteSaved'), t('projectSettings.karteSaveFailed')))}
    >
      <TextInput
        label={t('projectSettings.karteProjectId')}
        description={t('projectSettings.karteProjectIdDescription')}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        disabled={mapping.isPending}
        maw={400}
        ff="monospace"
      />
    </SettingsForm>
  );
}
