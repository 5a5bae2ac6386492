import { Anchor, Button, Divider, PasswordInput, Stack, Text } from '@mantine/core';
import { isValidPassword } from '@console/domain';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { toast } from '@/components/toasts';
import { paths } from '@/config/paths';
import { AuthCard, continueWithGoogle, EmailField, GoogleButton, signUpWithEmail, useEmailField } from '@/features/auth';
import { parseAuthSearch } from '@/lib/search-params';
import { useTranslation } from '@/lib/i18n';

/** /sign-up (docs/product-rules.md#routes, #states, #validation). */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('signUp.title'));
  const [search] = useSearchParams();
  const { invitation, page } = parseAuthSearch(search);
  const email = useEmailField();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'email' | 'google' | null>(null);
  const passwordValid = isValidPassword(password);
  const canSubmit = email.valid && passwordValid && busy === null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    email.touch();
    if (!canSubmit) return;
    setBusy('email');
    const result = await signUpWithEmail(email.trimmed, password);
    setBusy(null);
    if (result.ok) toast.success(t('signUp.succeeded'));
    else toast.error(t('signUp.failed'));
  }

  async function onGoogle() {
    setBusy('google');
    const result = await continueWithGoogle();
    setBusy(null);
    if (!result.ok) toast.error(t('signUp.failed'));
    else if (result.created) toast.success(t('signUp.succeeded'));
  }

  return (
    <AuthCard title={t('signUp.title')}>
      <GoogleButton label={t('signUp.google')} onClick={() => void onGoogle()} loading={busy === 'google'} disabled={busy === 'email'} />
      <Divider label={t('auth.or')} labelPosition="center" />
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <EmailField field={email} />
          <PasswordInput
            label={t('auth.password')}
            description={t('auth.passwordHint')}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            size="md"
          />
          <Button type="submit" size="md" fullWidth disabled={!canSubmit} loading={busy === 'email'}>
            {t('signUp.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center" c="dimmed">
        {t('signUp.haveAccount')}{' '}
        <Anchor component={Link} to={paths.auth.login.getHref({ invitation, page: invitation ? (page === 'sign-up' ? 'login' : page) : undefined })} fw={600}>
          {t('signUp.toLogin')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
