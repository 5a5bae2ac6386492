import { Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { UserCredential } from 'firebase/auth';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { toast } from '@/components/toasts';
import { paths } from '@/config/paths';
import { Spinner } from '@/components/spinner';
import { AuthCard, continueWithGoogle, finishSecondFactorSignIn, GoogleButton, loginWithEmail, type SignInResult } from '@/features/auth';
import { parseAuthSearch } from '@/lib/search-params';
import { useTranslation } from '@/lib/i18n';

/** The second step of a sign-in with a second factor, downloaded when the identity provider asks for it. */
const SecondFactorStep = lazy(() => import('@/components/second-factor-step').then((m) => ({ default: m.SecondFactorStep })));

type PendingSecondFactor = Extract<SignInResult, { reason: 'secondFactor' }>;

/** /login (docs/product-rules.md#routes); the SMS code of a second factor (docs/product-rules.md#multi-factor-authentication). */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('login.title'));
  const [search] = useSearchParams();
  const { invitation, page } = parseAuthSearch(search);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'email' | 'google' | null>(null);
  const [secondFactor, setSecondFactor] = useState<PendingSecondFactor | null>(null);
  const canSubmit = email.trim() !== '' && password !== '' && busy === null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setBusy('email');
    const result = await loginWithEmail(email.trim(), password);
    setBusy(null);
    showOutcome(result);
  }

  async function onGoogle() {
    setBusy('google');
    const result = await continueWithGoogle();
    setBusy(null);
    showOutcome(result);
  }

  function showOutcome(result: SignInResult) {
    if (!result.ok && result.reason === 'secondFactor') setSecondFactor(result);
    else if (!result.ok) toast.error(result.reason === 'createAccount' ? t('signUp.failed') : t('login.failed'));
    else if (result.created) toast.success(t('signUp.succeeded'));
  }

  async function onSecondFactor(credential: UserCredential, pending: PendingSecondFactor) {
    const result = await finishSecondFactorSignIn(credential, pending.createIfMissing);
    setSecondFactor(null);
    showOutcome(result);
  }

  if (secondFactor) {
    return (
      <AuthCard title={t('mfa.title')}>
        <Suspense fallback={<Spinner fullScreen={false} />}>
          <SecondFactorStep
            error={secondFactor.error}
            onSignedIn={(credential) => onSecondFactor(credential, secondFactor)}
            onCancel={() => setSecondFactor(null)}
          />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.title')}>
      <GoogleButton label={t('login.google')} onClick={() => void onGoogle()} loading={busy === 'google'} disabled={busy === 'email'} />
      <Divider label={t('auth.or')} labelPosition="center" />
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth.email')}
            placeholder={t('auth.emailPlaceholder')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            size="md"
            data-autofocus
            autoFocus
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            size="md"
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.auth.forgotPassword.getHref()} size="sm">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth disabled={!canSubmit} loading={busy === 'email'}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center" c="dimmed">
        {t('login.noAccount')}{' '}
        <Anchor component={Link} to={paths.auth.signUp.getHref({ invitation, page: invitation ? (page ?? 'sign-up') : undefined })} fw={600}>
          {t('login.toSignUp')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
