import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { InfiniteList } from '@/lib/infinite-list';

/** The last row while the list has more: さらに読み込み中..., or the failure with 再読み込み. */
export function ListMoreRow({ list }: { list: InfiniteList<unknown> }) {
  const { t } = useTranslation();
  if (list.isFetchNextPageError) {
    return (
      <Group justify="center" gap="sm" py="xs">
        <Text size="sm" c="red">
          {t('list.loadFailed')}
        </Text>
        <Button size="xs" variant="default" onClick={list.retry}>
          {t('list.retry')}
        </Button>
      </Group>
    );
  }
  return (
    <Group justify="center" gap="xs" py="xs" role="status" data-testid="list-loading-more">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        {t('list.loadingMore')}
      </Text>
    </Group>
  );
}

/** A list whose first page could not be read, with 再読み込み. */
export function ListError({ list }: { list: InfiniteList<unknown> }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={t('list.loadFailed')} data-testid="list-error">
      <Button size="xs" variant="default" onClick={list.retry}>
        {t('list.retry')}
      </Button>
    </Alert>
  );
}
