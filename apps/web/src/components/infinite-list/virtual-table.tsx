import { Box, Table, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import type { InfiniteList } from '@/lib/infinite-list';
import { DataTableEmptyRow, DataTableHead, type DataTableColumn } from '../data-table';
import { TableSkeleton } from '../table-skeleton';
import { ListError, ListMoreRow } from './list-status';
import { useVirtualRows, type VirtualRowProps } from './use-virtual-rows';

export interface VirtualTableProps<Row> {
  list: InfiniteList<Row>;
  columns: readonly DataTableColumn[];
  /** One `Table.Tr` with a key, spreading `rowProps` (they measure its height). */
  renderRow: (row: Row, rowProps: VirtualRowProps) => ReactNode;
  /** The placeholder when the list has no item at all. */
  empty: string;
  /** The placeholder when a search matches nothing. */
  noMatch: string;
  /** The scroll container's accessible name. */
  label: string;
  /** The height a row is taken to have until it is rendered. */
  estimateRowHeight: number;
  /** The scroll container's height limit (the page's own scroll stays short). */
  maxHeight: number | string;
  /** The table's narrowest width: in a narrower window it scrolls sideways inside its container. */
  minWidth: number;
  verticalSpacing?: MantineSpacing;
  /** The index of a row to scroll into view (one just created); -1 or none: no such row. */
  revealIndex?: number;
  'data-testid'?: string;
}

/**
 * A long table read a page at a time (docs/product-rules.md#screens tables): only the rows near the visible part are
 * rendered, the next page is read as the end nears (さらに読み込み中... meanwhile), with skeleton
 * rows first, the placeholder when empty, and 再読み込み after a failure.
 */
export function VirtualTable<Row>({
  list,
  columns,
  renderRow,
  empty,
  noMatch,
  label,
  estimateRowHeight,
  maxHeight,
  minWidth,
  verticalSpacing,
  revealIndex,
  'data-testid': testId,
}: VirtualTableProps<Row>) {
  const rows = useVirtualRows(list, list.items.length, estimateRowHeight, revealIndex);
  if (list.isPending) return <TableSkeleton rows={3} columns={columns.length} />;
  if (list.isError) return <ListError list={list} />;
  const spacer = (height: number) =>
    height > 0 ? (
      <tr aria-hidden="true">
        <td colSpan={columns.length} style={{ height, padding: 0, border: 0 }} />
      </tr>
    ) : null;
  return (
    <Box
      ref={rows.scrollRef}
      role="region"
      aria-label={label}
      tabIndex={0}
      mah={maxHeight}
      style={{ overflow: 'auto', overflowAnchor: 'none' }}
      data-testid={testId}
    >
      <Table stickyHeader verticalSpacing={verticalSpacing} highlightOnHover miw={minWidth}>
        <DataTableHead columns={columns} />
        <Table.Tbody>
          {list.items.length === 0 ? (
            <DataTableEmptyRow columns={columns.length} text={list.query === '' ? empty : noMatch} />
          ) : (
            <>
              {spacer(rows.paddingTop)}
              {rows.visible.map((index) => {
                const row = list.items[index];
                if (row !== undefined) return renderRow(row, rows.rowProps(index));
                return (
                  <Table.Tr key="more" {...rows.rowProps(index)}>
                    <Table.Td colSpan={columns.length}>
                      <ListMoreRow list={list} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {spacer(rows.paddingBottom)}
            </>
          )}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
