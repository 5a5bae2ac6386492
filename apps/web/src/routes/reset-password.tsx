import { Button, PasswordInput, Stack } from '@mantine/core';
import { isValidPassword } from '@console/domain';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitcher } from '@/components/language-switcher';
import { usePageTitle } from '@/components/page-title';
import { toast } from '@/components/toasts';
import { paths } from '@/config/paths';
import { AuthCard, resetPassword } from '@/features/auth';
import { parseOobCodeParam } from '@/lib/search-params';
import { useTranslation } from '@/lib/i18n';

/** /reset-password?oobCode=... (docs/product-rules.md#routes, #validation). */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('resetPassword.title'));
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const oobCode = parseOobCodeParam(search.get('oobCode'));
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [confirmationTouched, setConfirmationTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  if (!oobCode) return <Navigate to={paths.auth.login.getHref()} replace />;

  const passwordValid = isValidPassword(password);
  const matches = password === confirmation;
  const canSubmit = passwordValid && matches && !saving;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setConfirmationTouched(true);
    if (!canSubmit || !oobCode) return;
    setSaving(true);
    const ok = await resetPassword(oobCode, password);
    setSaving(false);
    if (ok) {
      toast.success(t('resetPassword.succeeded'));
      await navigate(paths.auth.login.getHref(), { replace: true });
    } else {
      toast.error(t('resetPassword.failed'));
    }
  }

  return (
    <>
      <LanguageSwitcher />
      <AuthCard title={t('resetPassword.title')}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap="md">
            <PasswordInput
              label={t('resetPassword.newPassword')}
              description={t('auth.passwordHint')}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              size="md"
              autoFocus
            />
            <PasswordInput
              label={t('resetPassword.confirmation')}
              autoComplete="new-password"
              value={confirmation}
              onChange={(e) => setConfirmation(e.currentTarget.value)}
              onBlur={() => setConfirmationTouched(true)}
              error={confirmationTouched && confirmation !== '' && !matches ? t('resetPassword.mismatch') : undefined}
              size="md"
            />
            <Button type="submit" size="md" fullWidth disabled={!canSubmit} loading={saving}>
              {t('resetPassword.submit')}
            </Button>
          </Stack>
        </form>
      </AuthCard>
    </>
  );
}
