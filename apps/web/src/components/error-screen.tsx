import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { tracking } from '@/lib/tracking';
import { useTranslation } from '@/lib/i18n';

/** The generic error screen (docs/product-rules.md#screens), whose button reloads the page. */
export function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="xs" radius="md" p="xl" maw={480} w="100%">
        <Stack gap="md" align="center" ta="center">
          <Title order={1} size="h3">
            {t('errorScreen.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('errorScreen.description')}
          </Text>
          <Button onClick={() => window.location.reload()}>{t('errorScreen.reload')}</Button>
        </Stack>
      </Paper>
    </Center>
  );
}

/** Router errorElement: reports the error to analytics and shows the generic error screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    tracking.error(error, { source: 'route' });
  }, [error]);
  return <ErrorScreen />;
}
