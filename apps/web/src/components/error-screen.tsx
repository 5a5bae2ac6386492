import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
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

interface RouteErrorBoundaryProps {
  /** The location's path: the error screen stays until it changes. */
  pathname: string;
  children: ReactNode;
}

/** Around the pages: an error while rendering one (or loading its module) is reported to analytics and shows the generic error screen. */
interface RouteErrorBoundaryState {
  /** The path the boundary last rendered, and whether rendering it failed. */
  pathname: string;
  failed: boolean;
}

/** Around the pages: an error while rendering one (or loading its module) is reported to analytics and shows the generic error screen. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state = { pathname: this.props.pathname, failed: false };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: RouteErrorBoundaryState): RouteErrorBoundaryState | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failed: false };
  }

  override componentDidCatch(error: unknown) {
    tracking.error(error, { source: 'route' });
    console.error(error);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
