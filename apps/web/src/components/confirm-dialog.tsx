import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

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
  /** The confirm button stays disabled (until what the dialog asks for is given, e.g. a typed confirmation). */
  confirmDisabled?: boolean;
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

/** How long after the dialog closes the origin's going away (its row removed) still moves the focus. */
const ORIGIN_WATCH_MS = 10_000;

/**
 * Gives the focus back to its origin (focusOrigin) when the dialog closes. When the origin leaves
 * the page with what the dialog confirmed (the row of a removed member), before the dialog closes
 * or after while it has the focus, the focus goes to the focusable list region that held it rather
 * than to the page.
 */
function useFocusReturnToOrigin(opened: boolean): void {
  const origin = useRef<{ element: HTMLElement; region: HTMLElement | null } | null>(null);
  useEffect(() => {
    if (opened) {
      const element = focusOrigin();
      origin.current = element ? { element, region: element.closest<HTMLElement>('[role="region"][tabindex]') } : null;
      return;
    }
    const returned = origin.current;
    origin.current = null;
    if (!returned) return;
    const { element, region } = returned;
    if (!element.isConnected) {
      region?.focus();
      return;
    }
    element.focus();
    if (!region) return;
    const observer = new MutationObserver(() => {
      if (element.isConnected) return;
      observer.disconnect();
      if (document.activeElement === null || document.activeElement === document.body) region.focus();
    });
    observer.observe(region, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), ORIGIN_WATCH_MS);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [opened]);
}

/** Confirmation dialog, at most 450 px wide (docs/product-rules.md#screens, #limits). */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger = false,
  loading = false,
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
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
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading} disabled={confirmDisabled} data-autofocus>
          {confirmLabel ?? t('common.ok')}
        </Button>
      </Group>
    </Modal>
  );
}

export interface TypedConfirmDialogProps extends Omit<ConfirmDialogProps, 'children' | 'danger'> {
  /** What the dialog asks to type, and why. */
  description: string;
  /** The label of the field the confirmation is typed into. */
  inputLabel: string;
  value: string;
  onValueChange: (value: string) => void;
}

/** A destructive action confirmed by typing a text (an address, a name): Enter in the field confirms. */
export function TypedConfirmDialog({ description, inputLabel, value, onValueChange, ...dialog }: TypedConfirmDialogProps) {
  return (
    <ConfirmDialog {...dialog} danger>
      <Stack gap="sm">
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {description}
        </Text>
        <TextInput
          label={inputLabel}
          value={value}
          onChange={(e) => onValueChange(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') dialog.onConfirm();
          }}
          autoComplete="off"
          data-autofocus
        />
      </Stack>
    </ConfirmDialog>
  );
}
