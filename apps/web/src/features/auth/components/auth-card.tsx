import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { prepareSignIn } from '../auth-actions';

/** The centred card every sign-in screen sits in; a first input in it starts downloading the sign-in SDK. */
export function AuthCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Stack w="100%" maw={420} gap="lg">
        <Text ta="center" fw={700} size="lg" c="indigo.7" aria-hidden>
          {t('app.title')}
        </Text>
        <Paper withBorder shadow="sm" radius="md" p="xl" onPointerDown={prepareSignIn} onKeyDown={prepareSignIn}>
          <Stack gap="lg">
            <Box>
              <Title order={1} size="h3" ta="center">
                {title}
              </Title>
              {description ? (
                <Text size="sm" c="dimmed" ta="center" mt="xs">
                  {description}
                </Text>
              ) : null}
            </Box>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
