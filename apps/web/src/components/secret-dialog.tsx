import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import '@/locales/ja/service-credentials';

/** A secret just issued (a service credential's, a webhook endpoint's), shown this once with a copy button and a warning. */
export function SecretDialog({ title, secret, onClose }: { title: string; secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={secret !== null} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Alert color="orange" variant="light" title={t('serviceCredentials.secretWarningTitle')}>
          {t('serviceCredentials.secretWarning')}
        </Alert>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="issued-secret">
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t('serviceCredentials.copied') : t('serviceCredentials.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('serviceCredentials.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
