import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { isValidEmail } from '@console/domain';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { toast } from '@/components/toasts';
import { paths } from '@/config/paths';
import { sendResetMail } from '@/features/auth/auth-actions';
import { AuthCard } from '@/features/auth/components/auth-card';
import { t } from '@/locales';

/** /forgot-password (spec §2, §5, §8). */
export function Component() {
  usePageTitle(t.forgotPassword.title);
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const valid = isValidEmail(email.trim());

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!valid || sending || sent) return;
    setSending(true);
    const ok = await sendResetMail(email.trim());
    setSending(false);
    if (ok) {
      setSent(true);
      toast.success(t.forgotPassword.succeeded);
    } else {
      toast.error(t.forgotPassword.failed);
    }
  }

  return (
    <AuthCard title={t.forgotPassword.title} description={t.forgotPassword.description}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t.auth.email}
            placeholder={t.auth.emailPlaceholder}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched && !valid ? t.auth.invalidEmail : undefined}
            disabled={sent}
            size="md"
            autoFocus
          />
          <Button type="submit" size="md" fullWidth disabled={!valid || sent} loading={sending}>
            {t.forgotPassword.submit}
          </Button>
          {sent ? (
            <Alert color="teal" variant="light">
              {t.forgotPassword.sentNotice}
            </Alert>
          ) : null}
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.auth.login.getHref()}>
          {t.forgotPassword.toLogin}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
