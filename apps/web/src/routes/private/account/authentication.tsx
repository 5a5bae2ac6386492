import { Button, Divider, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/components/toasts';
import { useCurrentAccount } from '@/features/account';
import { sendResetMail } from '@/features/auth';
import { useTranslation } from '@/lib/i18n';
import '@/locales/ja/account';
import { parseMfaRequiredParam, parseReturnToParam } from '@/lib/search-params';
import { SecondFactorSection } from './second-factor-section';

/**
 * /account/authentication: read-only email, a password-reset mail button (docs/product-rules.md#routes, #messages) and
 * the two-factor authentication (docs/product-rules.md#multi-factor-authentication; `mfa=required` and `returnTo`
 * when an organization that requires it sent the person here).
 */
export function Component() {
  const { t } = useTranslation();
  const account = useCurrentAccount();
  const [sending, setSending] = useState(false);
  const [search] = useSearchParams();

  async function onSend() {
    setSending(true);
    const ok = await sendResetMail(account.email);
    setSending(false);
    if (ok) toast.success(t('forgotPassword.succeeded'));
    else toast.error(t('forgotPassword.failed'));
  }

  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="lg">
        <TextInput label={t('account.emailLabel')} value={account.email} readOnly maw={400} variant="filled" />
        <Stack gap={6} align="flex-start">
          <Text size="sm" fw={500}>
            {t('account.passwordLabel')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('account.passwordDescription')}
          </Text>
          <Button variant="default" onClick={() => void onSend()} loading={sending}>
            {t('account.sendResetMail')}
          </Button>
        </Stack>
        <Divider />
        <SecondFactorSection required={parseMfaRequiredParam(search.get('mfa'))} returnTo={parseReturnToParam(search.get('returnTo'))} />
      </Stack>
    </Paper>
  );
}
