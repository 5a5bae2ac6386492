import { Button, Group, Paper, Stack } from '@mantine/core';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { PermissionTooltip } from './permission-tooltip';

/** An editable copy of a saved value that starts over whenever the saved value changes. */
export function useDraft<T>(saved: T) {
  const [draft, setDraft] = useState(saved);
  useEffect(() => setDraft(saved), [saved]);
  return [draft, setDraft] as const;
}

export interface SettingsFormProps {
  children: ReactNode;
  /** Whether there is something to save (changed and valid). */
  canSave: boolean;
  saving: boolean;
  /** Without the permission the 保存 button is disabled and shows 権限がありません (docs/product-rules.md#permissions). */
  allowed?: boolean;
  /** Called on submit, only when allowed, able to save and not already saving. */
  onSave: () => void;
}

/** A bordered settings form: its fields, then the 保存 button (docs/product-rules.md#screens, #validation). */
export function SettingsForm({ children, canSave, saving, allowed = true, onSave }: SettingsFormProps) {
  const { t } = useTranslation();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!allowed || !canSave || saving) return;
    onSave();
  }

  return (
    <Paper withBorder radius="md" p="xl">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          {children}
          <Group>
            <PermissionTooltip allowed={allowed}>
              <Button type="submit" disabled={!allowed || !canSave} loading={saving}>
                {t('common.save')}
              </Button>
            </PermissionTooltip>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
