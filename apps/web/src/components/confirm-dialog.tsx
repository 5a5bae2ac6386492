import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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

/**
 * Where the focus goes back when a dialog closes: the control that had it when the dialog opened
 * or, when that was an item of a menu (which closes), the menu's button.
 */
function focusOrigin(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return null;
  const menuButtonId = active.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  return menuButtonId ? document.getElementById(menuButtonId) : active;
}

/** Gives the focus back to its origin (focusOrigin) when the dialog closes. */
function useFocusReturnToOrigin(opened: boolean): void {
  const origin = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (opened) {
      origin.current = focusOrigin();
      return;
    }
    origin.current?.focus();
    origin.current = null;
  }, [opened]);
}

/** Confirmation dialog, at most 450 px wide (spec §2, §9). */
export function ConfirmDialog({ opened, title, children, confirmLabel, cancelLabel, danger = false, loading = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  useFocusReturnToOrigin(opened);
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      size="auto"
      returnFocus={false}
      styles={{ content: { maxWidth: CONFIRM_DIALOG_MAX_WIDTH, width: '100%' } }}
    >
      {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading} data-autofocus>
          {confirmLabel ?? t('common.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
