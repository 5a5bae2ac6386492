import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { ERROR_MESSAGES, ErrorCodes, isValidEmail } from '@console/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { CONFIRM_DIALOG_MAX_WIDTH } from '@/components/confirm-dialog';
import { DialogFormButtons } from '@/components/dialog-form-buttons';
import { toast, toastWriteFailure } from '@/components/toasts';
import { isApiError } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { useUpdateIsSystemAdmin } from '../api/update-is-system-admin';
import '@/locales/ja/system-admin';

/**
 * Grants system-admin rights by email (docs/product-rules.md#validation): the address must be valid; the API refuses one
 * outside the company mail domain (INTERNAL_ACCOUNTS_ONLY), shown as ドメイン外のメンバーは追加できません,
 * and an account whose address the identity provider has not verified (EMAIL_NOT_VERIFIED), shown
 * under the address and in the error toast.
 */
export function GrantSystemAdminDialog({
  opened,
  onClose,
  onGranted,
}: {
  opened: boolean;
  onClose: () => void;
  onGranted: (account: { id: string; email: string }) => void;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  /** The API's refusal of the address as it was submitted, until it is edited. */
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const update = useUpdateIsSystemAdmin();

  useEffect(() => {
    if (!opened) return;
    setEmail('');
    setTouched(false);
    setRefusal(undefined);
  }, [opened]);

  const trimmed = email.trim();
  const valid = isValidEmail(trimmed);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!valid || update.isPending) return;
    update.mutate(
      { email: trimmed, isSystemAdmin: true },
      {
        onSuccess: (account) => {
          toast.success(t('systemAdmin.granted'));
          onClose();
          onGranted(account);
        },
        onError: (error) => {
          console.error(error);
          if (isApiError(error) && error.errorCode === ErrorCodes.INTERNAL_ACCOUNTS_ONLY) toast.error(t('systemAdmin.outsideDomain'));
          else if (isApiError(error) && error.errorCode === ErrorCodes.EMAIL_NOT_VERIFIED) {
            setRefusal(ERROR_MESSAGES.EMAIL_NOT_VERIFIED);
            toast.error(t('systemAdmin.grantFailed'), ERROR_MESSAGES.EMAIL_NOT_VERIFIED);
          } else toastWriteFailure(t('systemAdmin.grantFailed'), error, isApiError(error) && error.isProductError ? error.message : undefined);
        },
      },
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('systemAdmin.grantTitle')}
      centered
      size="auto"
      styles={{ content: { maxWidth: CONFIRM_DIALOG_MAX_WIDTH, width: '100%' } }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('systemAdmin.grantDescription')}
          </Text>
          <TextInput
            label={t('systemAdmin.email')}
            type="email"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setRefusal(undefined);
            }}
            onBlur={() => setTouched(true)}
            error={refusal ?? (touched && trimmed !== '' && !valid ? t('auth.invalidEmail') : undefined)}
            data-autofocus
          />
          <DialogFormButtons submitLabel={t('systemAdmin.grantSubmit')} canSubmit={valid} loading={update.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
