import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@/components/toasts';
import { t } from '@/locales';
import { useProjectKarteMapping } from '../api/get-project-karte-mapping';
import { useUpsertProjectKarteMapping } from '../api/upsert-project-karte-mapping';

/** KARTE連携 (system admins only): the external project id, saved only when changed (spec §2, §5). */
export function ProjectKarteTab({ projectId }: { projectId: string }) {
  const mapping = useProjectKarteMapping(projectId);
  const upsert = useUpsertProjectKarteMapping();
  const saved = mapping.data?.karteProjectId ?? '';
  const [value, setValue] = useState(saved);
  useEffect(() => setValue(saved), [saved]);
  if (mapping.isError) throw mapping.error;
  const changed = value !== saved;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!changed || upsert.isPending) return;
    upsert.mutate(
      { projectId, karteProjectId: value },
      {
        onSuccess: () => toast.success(t.projectSettings.karteSaved),
        onError: (error) => {
          console.error(error);
          toast.error(t.projectSettings.karteSaveFailed);
        },
      },
    );
  }

  return (
    <Paper withBorder radius="md" p="xl">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <TextInput
            label={t.projectSettings.karteProjectId}
            description={t.projectSettings.karteProjectIdDescription}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            disabled={mapping.isPending}
            maw={400}
            ff="monospace"
          />
          <Group>
            <Button type="submit" disabled={!changed || mapping.isPending} loading={upsert.isPending}>
              {t.common.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
