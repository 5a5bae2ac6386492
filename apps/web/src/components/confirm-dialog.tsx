import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '@/locales';

export const CONFIRM_DIALOG_MAX_WIDTH = 450;

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Confirmation dialog, at most 450 px wide (spec §2, §9). */
export function ConfirmDialog({ opened, title, children, confirmLabel = t.common.ok, cancelLabel = t.common.cancel, danger = false, loading = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered size="auto" styles={{ content: { maxWidth: CONFIRM_DIALOG_MAX_WIDTH, width: '100%' } }}>
      {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {cancelLabel}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
