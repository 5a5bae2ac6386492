import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@/components/toasts';
import { PermissionTooltip } from '@/features/organization-settings/components/permission-tooltip';
import { t } from '@/locales';
import { useUpdateProject } from '../api/update-project';
import type { ProjectDetail } from '../api/get-project';

export const PROJECT_NAME_INPUT_WIDTH = 400;

/** 基本情報: the project name (400 px wide) and save; an empty name is not saved (spec §2, §5). */
export function ProjectGeneralTab({ project, mayUpdate }: { project: ProjectDetail; mayUpdate: boolean }) {
  const [name, setName] = useState(project.name);
  const update = useUpdateProject();
  useEffect(() => setName(project.name), [project.name]);
  const trimmed = name.trim();
  const changed = trimmed !== project.name;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (trimmed === '' || !changed || !mayUpdate || update.isPending) return;
    update.mutate(
      { projectId: project.id, updateProps: { name: trimmed } },
      {
        onSuccess: () => toast.success(t.projectSettings.saved),
        onError: (error) => {
          console.error(error);
          toast.error(t.projectSettings.saveFailed);
        },
      },
    );
  }

  return (
    <Paper withBorder radius="md" p="xl">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <TextInput
            label={t.projectSettings.name}
            placeholder={t.projectSettings.namePlaceholder}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            readOnly={!mayUpdate}
            w={PROJECT_NAME_INPUT_WIDTH}
          />
          <Group>
            <PermissionTooltip allowed={mayUpdate}>
              <Button type="submit" disabled={!mayUpdate || !changed} loading={update.isPending}>
                {t.common.save}
              </Button>
            </PermissionTooltip>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
