import { TextInput } from '@mantine/core';
import { isValidEmail } from '@console/domain';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

/** The e-mail of an auth form: the typed value, its trimmed address and validity, and `touch` (blur, submit) to show its error. */
export function useEmailField() {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = value.trim();
  return { value, setValue, trimmed, valid: isValidEmail(trimmed), touched, touch: () => setTouched(true) };
}

export type EmailFieldState = ReturnType<typeof useEmailField>;

/** The e-mail input of the auth forms, with メールアドレスを正しく入力してください once touched and invalid (docs/product-rules.md#validation). */
export function EmailField({ field, disabled }: { field: EmailFieldState; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('auth.email')}
      placeholder={t('auth.emailPlaceholder')}
      type="email"
      autoComplete="email"
      value={field.value}
      onChange={(e) => field.setValue(e.currentTarget.value)}
      onBlur={field.touch}
      error={field.touched && !field.valid ? t('auth.invalidEmail') : undefined}
      disabled={disabled}
      size="md"
      autoFocus
    />
  );
}
