import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { UserCredential } from 'firebase/auth';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { toast } from '@/components/toasts';
import { paths } from '@/config/paths';
import { Spinner } from '@/components/spinner';
import { AuthCard, continueWithGoogle, discoverSso, finishSecondFactorSignIn, GoogleButton, loginWithEmail, type SignInResult } from '@/features/auth';
import { parseAuthSearch } from '@/lib/search-params';
import { useTranslation } from '@/lib/i18n';

/** The second step of a sign-in with a second factor, downloaded when the identity provider asks for it. */
const SecondFactorStep = lazy(() => import('@/components/second-factor-step').then((m) => ({ default: m.SecondFactorStep })));

type PendingSecondFactor = Extract<SignInResult, { reason: 'secondFactor' }>;

/** Where the address signs in through its organization's identity provider (home-realm discovery), null when nowhere or when the API cannot tell. */
async function ssoStartOf(email: string): Promise<string | null> {
  try {
    return await discoverSso(email);
  } catch {
    return null;
  }
}

/**
 * /login (docs/product-rules.md#routes); the SMS code of a second factor (docs/product-rules.md#multi-factor-authentication).
 * An address on a domain with single sign-on is sent to its identity provider, from the SSO button
 * (the address alone) or the form (docs/product-rules.md#single-sign-on).
 */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('login.title'));
  const [search] = useSearchParams();
  const { invitation, page, ssoRequired, email: suggestedEmail } = parseAuthSearch(search);
  const [email, setEmail] = useState(suggestedEmail ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'email' | 'google' | 'sso' | null>(null);
  const [secondFactor, setSecondFactor] = useState<PendingSecondFactor | null>(null);
  const canSubmit = email.trim() !== '' && password !== '' && busy === null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setBusy('email');
    const start = await ssoStartOf(email.trim());
    if (start !== null) {
      window.location.assign(start);
      return;
    }
    const result = await loginWithEmail(email.trim(), password);
    setBusy(null);
    showOutcome(result);
  }

  async function onSso() {
    setBusy('sso');
    const start = await ssoStartOf(email.trim());
    if (start !== null) {
      window.location.assign(start);
      return;
    }
    setBusy(null);
    toast.error(t('login.ssoUnavailable'));
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
      {ssoRequired ? (
        <Alert color="yellow" role="alert">
          {t('errors.SSO_REQUIRED')}
        </Alert>
      ) : null}
      <GoogleButton label={t('login.google')} onClick={() => void onGoogle()} loading={busy === 'google'} disabled={busy !== null && busy !== 'google'} />
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
          <Button
            variant="default"
            size="md"
            fullWidth
            disabled={email.trim() === '' || (busy !== null && busy !== 'sso')}
            loading={busy === 'sso'}
            onClick={() => void onSso()}
          >
            {t('login.sso')}
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
