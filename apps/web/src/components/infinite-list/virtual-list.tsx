import { Box, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { InfiniteList } from '@/lib/infinite-list';
import { ListError, ListMoreRow } from './list-status';
import { useVirtualRows, type VirtualRowProps } from './use-virtual-rows';

/** A row of the list to render now, with what its element spreads (its height is measured). */
interface VisibleRow<Row> {
  row: Row;
  rowProps: VirtualRowProps;
}

export interface VirtualListProps<Row> {
  /** The paging state: its items give the rows. */
  list: InfiniteList<unknown>;
  /** The rows, built from the list's items (a heading row may go between them). */
  rows: readonly Row[];
  /** The visible rows, each element keyed and spreading its `rowProps`. */
  renderRows: (visible: VisibleRow<Row>[]) => ReactNode;
  /** The placeholder when the list has no item at all. */
  empty: ReactNode;
  /** The placeholder when a search matches nothing. */
  noMatch: string;
  /** The scroll container's accessible name. */
  label: string;
  /** The scroll container's height. */
  height: number | string;
  estimateRowHeight: number;
  /** The index of a row to scroll into view (one just created); -1 or none: no such row. */
  revealIndex?: number;
  'data-testid'?: string;
}

/**
 * A long list read a page at a time in a scroll container of a fixed height: only the rows near
 * the visible part are rendered, the next page is read as the end nears, with placeholders while
 * loading, when empty, and 再読み込み after a failure.
 */
export function VirtualList<Row>({
  list,
  rows,
  renderRows,
  empty,
  noMatch,
  label,
  height,
  estimateRowHeight,
  revealIndex,
  'data-testid': testId,
}: VirtualListProps<Row>) {
  const virtual = useVirtualRows(list, rows.length, estimateRowHeight, revealIndex);
  const visible: VisibleRow<Row>[] = [];
  let more: VirtualRowProps | undefined;
  for (const index of virtual.visible) {
    const row = rows[index];
    if (row === undefined) more = virtual.rowProps(index);
    else visible.push({ row, rowProps: virtual.rowProps(index) });
  }
  return (
    <Box
      ref={virtual.scrollRef}
      role="region"
      aria-label={label}
      aria-busy={list.isPending}
      tabIndex={0}
      h={height}
      style={{ overflowY: 'auto', overflowAnchor: 'none' }}
      data-testid={testId}
    >
      {list.isPending ? (
        <Stack gap="sm" p="xs">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={20} radius="sm" />
          ))}
        </Stack>
      ) : list.isError ? (
        <ListError list={list} />
      ) : rows.length === 0 ? (
        list.query === '' ? (
          empty
        ) : (
          <Text c="dimmed" size="sm" ta="center" py="xl">
            {noMatch}
          </Text>
        )
      ) : (
        <>
          <div style={{ height: virtual.paddingTop }} />
          {renderRows(visible)}
          {more ? (
            <div {...more}>
              <ListMoreRow list={list} />
            </div>
          ) : null}
          <div style={{ height: virtual.paddingBottom }} />
        </>
      )}
    </Box>
  );
}
