import { Button, Group, List, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { normalizePhoneNumber } from '@console/domain';
import type { User } from 'firebase/auth';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SecondFactorStep } from '@/components/second-factor-step';
import { toast } from '@/components/toasts';
import { paths } from '@/config/paths';
import { recordSecondFactorEnrolled, recordSecondFactorRemoved } from '@/features/account';
import { currentUser, loadFirebaseMfa, type FirebaseMfa } from '@/lib/firebase';
import type { SecondFactor } from '@/lib/firebase-mfa';
import { formatDateTime, useTranslation } from '@/lib/i18n';

/** The re-authentication a change asked for (auth/requires-recent-login), and the change to run again after it. */
interface Reauthentication {
  retry: () => Promise<void>;
  /** The identity provider asks the re-authentication for the second factor too. */
  secondFactorError?: unknown;
}

/**
 * The account's two-factor authentication (docs/product-rules.md#multi-factor-authentication): the SMS
 * second factors enrolled with the identity provider, enrolling one (the phone number, then the SMS
 * code) and removing one; a change the identity provider refuses for an old sign-in asks to sign in
 * again first. Each change is then recorded by the API (audit log). `required`: an organization that
 * requires a second factor sent the person here, from `returnTo` (an in-app path) where they go back
 * once signed in with one.
 */
export function SecondFactorSection({ required, returnTo }: { required: boolean; returnTo: string | undefined }) {
  const { t } = useTranslation();
  const recaptcha = useRef<HTMLDivElement>(null);
  const [sdk, setSdk] = useState<FirebaseMfa | null>(null);
  const [factors, setFactors] = useState<SecondFactor[]>([]);
  const [phone, setPhone] = useState('');
  const [verificationId, setVerificationId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [reauth, setReauth] = useState<Reauthentication | null>(null);
  const [signedInWithFactor, setSignedInWithFactor] = useState<boolean | null>(null);

  useEffect(() => {
    let live = true;
    void loadFirebaseMfa().then((loaded) => {
      const user = currentUser();
      if (!live || !user) return;
      setSdk(loaded);
      setFactors(loaded.enrolledSecondFactors(user));
      if (required) void loaded.signedInWithSecondFactor(user).then((strong) => live && setSignedInWithFactor(strong));
    });
    return () => {
      live = false;
    };
  }, [required]);

  /** Runs a change of the user's factors: errors shown, a re-authentication asked for when the sign-in is too old. */
  async function change(run: (mfa: FirebaseMfa, user: User) => Promise<void>): Promise<void> {
    const user = currentUser();
    if (!sdk || !user) return;
    setBusy(true);
    setProblem(null);
    try {
      await run(sdk, user);
      setFactors(sdk.enrolledSecondFactors(user));
    } catch (error) {
      if (sdk.authErrorCode(error) === 'auth/requires-recent-login') setReauth({ retry: () => change(run) });
      else setProblem(sdk.secondFactorErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  function onSendCode(event: FormEvent) {
    event.preventDefault();
    const phoneNumber = normalizePhoneNumber(phone);
    if (phoneNumber === null) {
      setProblem(t('mfa.invalidPhone'));
      return;
    }
    void change(async (mfa, user) => {
      if (!recaptcha.current) return;
      setVerificationId(await mfa.sendEnrollmentCode(user, phoneNumber, recaptcha.current));
    });
  }

  function onEnroll(event: FormEvent) {
    event.preventDefault();
    if (!verificationId || code.trim() === '') return;
    void change(async (mfa, user) => {
      const factor = await mfa.confirmEnrollment(user, verificationId, code.trim(), t('mfa.title'));
      setVerificationId(null);
      setPhone('');
      setCode('');
      toast.success(t('mfa.enrolled'));
      await recordSecondFactorEnrolled(factor.uid).catch((error: unknown) => console.error('The enrolment was not recorded', error));
      if (required) setSignedInWithFactor(await mfa.signedInWithSecondFactor(user));
    });
  }

  function onRemove(factor: SecondFactor) {
    void change(async (mfa, user) => {
      await mfa.removeSecondFactor(user, factor.uid);
      toast.success(t('mfa.removed'));
      await recordSecondFactorRemoved(factor.uid).catch((error: unknown) => console.error('The removal was not recorded', error));
    });
  }

  return (
    <Stack gap="sm" align="flex-start" data-testid="second-factors">
      <Title order={2} size="h5">
        {t('mfa.title')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('mfa.description')}
      </Text>
      {required ? (
        <Text size="sm" c="red.8" role="status">
          {t('errors.MFA_REQUIRED')}
        </Text>
      ) : null}
      {factors.length === 0 ? (
        <Text size="sm">{t('mfa.none')}</Text>
      ) : (
        <List listStyleType="none" spacing="xs" aria-label={t('mfa.title')}>
          {factors.map((factor) => (
            <List.Item key={factor.uid}>
              <Group gap="sm" wrap="wrap">
                <Text size="sm" fw={500}>
                  {factor.phoneNumber}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(new Date(factor.enrolledAt), { dateStyle: 'medium' })}
                </Text>
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  disabled={busy}
                  aria-label={t('mfa.removeLabel', { phone: factor.phoneNumber ?? '' })}
                  onClick={() => onRemove(factor)}
                >
                  {t('common.delete')}
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {verificationId === null ? (
        <form onSubmit={onSendCode} noValidate style={{ width: '100%' }}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('mfa.phone')}
              placeholder="090-1234-5678"
              type="tel"
              autoComplete="tel"
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
              error={problem}
              style={{ flex: '1 1 200px' }}
              maw={320}
            />
            <Button type="submit" variant="default" loading={busy} disabled={!sdk || phone.trim() === ''}>
              {t('mfa.sendCode')}
            </Button>
          </Group>
        </form>
      ) : (
        <form onSubmit={onEnroll} noValidate style={{ width: '100%' }}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('mfa.codeSent', { phone: normalizePhoneNumber(phone) ?? phone })}</Text>
            <TextInput
              label={t('mfa.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={problem}
              maw={200}
              autoFocus
            />
            <Group gap="sm">
              <Button type="submit" loading={busy} disabled={code.trim() === ''}>
                {t('mfa.enroll')}
              </Button>
              <Button variant="subtle" onClick={(e) => onSendCode(e)} disabled={busy}>
                {t('mfa.resend')}
              </Button>
              <Button
                variant="subtle"
                color="gray"
                onClick={() => {
                  setVerificationId(null);
                  setCode('');
                  setProblem(null);
                }}
              >
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {required && signedInWithFactor !== null && factors.length > 0 ? (
        signedInWithFactor && returnTo ? (
          <Button component={Link} to={returnTo}>
            {t('mfa.back')}
          </Button>
        ) : signedInWithFactor ? null : (
          <Button component={Link} to={paths.logout.getHref()}>
            {t('mfa.signInAgain')}
          </Button>
        )
      ) : null}
      <div ref={recaptcha} />
      <ReauthenticationDialog
        sdk={sdk}
        reauth={reauth}
        onChange={setReauth}
        onDone={(retry) => {
          setReauth(null);
          void retry();
        }}
      />
    </Stack>
  );
}

/** Signing in again (password or Google, then the second factor when enrolled) before a change the identity provider asks it for. */
function ReauthenticationDialog({
  sdk,
  reauth,
  onChange,
  onDone,
}: {
  sdk: FirebaseMfa | null;
  reauth: Reauthentication | null;
  onChange: (reauth: Reauthentication | null) => void;
  onDone: (retry: () => Promise<void>) => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const user = currentUser();
  const withPassword = sdk !== null && user !== null && sdk.signsInWithPassword(user);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!sdk || !user || !reauth) return;
    setBusy(true);
    setProblem(null);
    try {
      await sdk.reauthenticate(user, withPassword ? password : null);
      setPassword('');
      onDone(reauth.retry);
    } catch (error) {
      if (sdk.authErrorCode(error) === 'auth/multi-factor-auth-required') onChange({ ...reauth, secondFactorError: error });
      else setProblem(t('login.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={reauth !== null} onClose={() => onChange(null)} title={t('mfa.reauth')} centered>
      {reauth?.secondFactorError !== undefined ? (
        <SecondFactorStep error={reauth.secondFactorError} onSignedIn={() => onDone(reauth.retry)} onCancel={() => onChange(null)} />
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap="md">
            {withPassword ? (
              <PasswordInput
                label={t('auth.password')}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={problem}
                data-autofocus
              />
            ) : (
              problem && (
                <Text size="sm" c="red.8">
                  {problem}
                </Text>
              )
            )}
            <Button type="submit" loading={busy} disabled={withPassword && password === ''}>
              {withPassword ? t('login.submit') : t('login.google')}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
