import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';

export function NotFoundRoute() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Center component="main" mih="100dvh">
      <Stack align="center">
        <Text size="xl" fw={700} c="dimmed">
          404
        </Text>
        <Title order={1} size="h3">
          {t('notFound.title')}
        </Title>
        <Button component={Link} to={paths.home.getHref()} variant="light">
          {t('notFound.toTop')}
        </Button>
      </Stack>
    </Center>
  );
}
