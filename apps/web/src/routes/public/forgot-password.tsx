import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { toast } from '@/components/toasts';
import { paths } from '@/config/paths';
import { AuthCard, EmailField, sendResetMail, useEmailField } from '@/features/auth';
import { useTranslation } from '@/lib/i18n';

/** /forgot-password (docs/product-rules.md#routes, #validation, #messages). */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('forgotPassword.title'));
  const email = useEmailField();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    email.touch();
    if (!email.valid || sending || sent) return;
    setSending(true);
    const ok = await sendResetMail(email.trimmed);
    setSending(false);
    if (ok) {
      setSent(true);
      toast.success(t('forgotPassword.succeeded'));
    } else {
      toast.error(t('forgotPassword.failed'));
    }
  }

  return (
    <AuthCard title={t('forgotPassword.title')} description={t('forgotPassword.description')}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <EmailField field={email} disabled={sent} />
          <Button type="submit" size="md" fullWidth disabled={!email.valid || sent} loading={sending}>
            {t('forgotPassword.submit')}
          </Button>
          {sent ? (
            <Alert color="teal" variant="light">
              {t('forgotPassword.sentNotice')}
            </Alert>
          ) : null}
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.auth.login.getHref()}>
          {t('forgotPassword.toLogin')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
