import { Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { InfiniteList } from '@/lib/infinite-list';

/**
 * 'N人のメンバー' over the members list without a search (docs/product-rules.md#screens); while more pages remain to be
 * read, 'N人以上のメンバー' with the number read so far.
 */
export function MemberCount({ members }: { members: InfiniteList<unknown> }) {
  const { t } = useTranslation();
  const count = members.items.length;
  return (
    <Text fw={600} data-testid="member-count">
      {members.isPending ? '\u00a0' : members.hasNextPage ? t('memberTable.countAtLeast', { count }) : t('memberTable.count', { count })}
    </Text>
  );
}
