import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

/** Spinner with the text 読み込み中... (docs/product-rules.md#screens). */
export function Spinner({ fullScreen = true }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center h={fullScreen ? '100dvh' : 200} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" />
        <Text size="sm" c="dimmed">
          {t('app.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
