import { TextInput } from '@mantine/core';
import { SettingsForm, useDraft } from '@/components/settings-form';
import { toastOutcome } from '@/components/toasts';
import { useTranslation } from '@/lib/i18n';
import { useUpdateProject } from '../api/update-project';
import type { ProjectDetail } from '../api/get-project';

const PROJECT_NAME_INPUT_WIDTH = 400;

/** 基本情報: the project name (400 px wide) and save; an empty name is not saved (docs/product-rules.md#screens, #validation). */
export function ProjectGeneralTab({ project, mayUpdate }: { project: ProjectDetail; mayUpdate: boolean }) {
  const { t } = useTranslation();
  const [name, setName] = useDraft(project.name);
  const update = useUpdateProject();
  const trimmed = name.trim();

  function save() {
    if (trimmed === '') return;
    update.mutate({ projectId: project.id, updateProps: { name: trimmed } }, toastOutcome(t('projectSettings.saved'), t('projectSettings.saveFailed')));
  }

  return (
    <SettingsForm canSave={trimmed !== project.name} saving={update.isPending} allowed={mayUpdate} onSave={save}>
      <TextInput
        label={t('projectSettings.name')}
        placeholder={t('projectSettings.namePlaceholder')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        readOnly={!mayUpdate}
        w="100%"
        maw={PROJECT_NAME_INPUT_WIDTH}
      />
    </SettingsForm>
  );
}
