import { Modal, Stack, TextInput } from '@mantine/core';
import { isNonEmptyName, NAME_MAX_LENGTH } from '@console/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { CONFIRM_DIALOG_MAX_WIDTH } from '@/components/confirm-dialog';
import { DialogFormButtons } from '@/components/dialog-form-buttons';

export interface NameDialogProps {
  opened: boolean;
  title: string;
  label: string;
  submitLabel: string;
  loading: boolean;
  onClose: () => void;
  /** Called with the trimmed, non-empty name (docs/product-rules.md#validation). */
  onSubmit: (name: string) => void;
}

/** A dialog asking for one non-empty name (create organization / create project). */
export function NameDialog({ opened, title, label, submitLabel, loading, onClose, onSubmit }: NameDialogProps) {
  const [name, setName] = useState('');
  useEffect(() => {
    if (opened) setName('');
  }, [opened]);
  const valid = isNonEmptyName(name);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || loading) return;
    onSubmit(name.trim());
  }

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="auto" styles={{ content: { maxWidth: CONFIRM_DIALOG_MAX_WIDTH, width: '100%' } }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" miw={320}>
          <TextInput label={label} value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus maxLength={NAME_MAX_LENGTH} />
          <DialogFormButtons submitLabel={submitLabel} canSubmit={valid} loading={loading} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
