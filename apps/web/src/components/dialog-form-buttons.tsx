import { Button, Group, type GroupProps } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

export interface DialogFormButtonsProps {
  submitLabel: string;
  canSubmit: boolean;
  /** While submitting: the submit button spins and キャンセル is disabled. */
  loading: boolean;
  onCancel: () => void;
  mt?: GroupProps['mt'];
}

/** The end of a dialog's form: キャンセル, then its submit button. */
export function DialogFormButtons({ submitLabel, canSubmit, loading, onCancel, mt }: DialogFormButtonsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={loading}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" disabled={!canSubmit} loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}
