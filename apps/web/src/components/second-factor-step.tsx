import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UserCredential } from 'firebase/auth';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { loadFirebaseMfa, type FirebaseMfa } from '@/lib/firebase';
import type { PendingSecondFactor } from '@/lib/firebase-mfa';
import { useTranslation } from '@/lib/i18n';

interface SecondFactorStepProps {
  /** The identity provider's auth/multi-factor-auth-required error of the first step (a sign-in or a re-authentication). */
  error: unknown;
  /** Called with the completed sign-in. */
  onSignedIn: (credential: UserCredential) => Promise<void> | void;
  onCancel: () => void;
}

/**
 * The second step of a sign-in with an SMS second factor (docs/product-rules.md#multi-factor-authentication):
 * sends the code to the enrolled phone, asks for it (resend, cancel) and finishes the sign-in.
 * Downloaded only when the identity provider asks for a second factor.
 */
export function SecondFactorStep({ error, onSignedIn, onCancel }: SecondFactorStepProps) {
  const { t } = useTranslation();
  const recaptcha = useRef<HTMLDivElement>(null);
  const [mfa, setMfa] = useState<{ sdk: FirebaseMfa; pending: PendingSecondFactor } | null>(null);
  const [verificationId, setVerificationId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function send(sdk: FirebaseMfa, pending: PendingSecondFactor) {
    if (!recaptcha.current) return;
    setBusy(true);
    setProblem(null);
    try {
      setVerificationId(await sdk.sendSignInCode(pending, recaptcha.current));
    } catch (sendError) {
      setProblem(sdk.secondFactorErrorMessage(sendError));
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    let live = true;
    void loadFirebaseMfa().then((sdk) => {
      if (!live) return;
      const pending = sdk.pendingSecondFactor(error);
      setMfa({ sdk, pending });
      void send(sdk, pending);
    });
    return () => {
      live = false;
    };
  }, [error]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!mfa || !verificationId || code.trim() === '' || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const credential = await mfa.sdk.confirmSignIn(mfa.pending, verificationId, code.trim());
      await onSignedIn(credential);
    } catch (confirmError) {
      setProblem(mfa.sdk.secondFactorErrorMessage(confirmError));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('mfa.codeSent', { phone: mfa?.pending.phoneNumber ?? '' })}</Text>
        <TextInput
          label={t('mfa.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={problem}
          size="md"
          data-autofocus
          autoFocus
        />
        <Button type="submit" size="md" fullWidth disabled={!verificationId || code.trim() === ''} loading={busy}>
          {t('login.submit')}
        </Button>
        <Group justify="space-between">
          <Button variant="subtle" size="sm" onClick={() => mfa && void send(mfa.sdk, mfa.pending)} disabled={!mfa || busy}>
            {t('mfa.resend')}
          </Button>
          <Button variant="subtle" color="gray" size="sm" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </Group>
        <div ref={recaptcha} />
      </Stack>
    </form>
  );
}
