import { ActionIcon, Menu, Table, Text, VisuallyHidden, type TableProps, type TableThProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { DotsIcon } from './icons';

export interface DataTableColumn {
  label: string;
  w?: TableThProps['w'];
  /** No visible heading (a column of row menus): the label is only the header's accessible name. */
  labelHidden?: boolean;
}

export interface DataTableProps<Row> extends Omit<TableProps, 'children'> {
  columns: readonly DataTableColumn[];
  rows: readonly Row[];
  /** One `Table.Tr` with a key. */
  renderRow: (row: Row) => ReactNode;
  /** The dimmed text across the table when there are no rows. */
  empty: string;
}

/** A table with a heading row, a row per item, and a placeholder text when there is none (docs/product-rules.md#screens). */
export function DataTable<Row>({ columns, rows, renderRow, empty, ...tableProps }: DataTableProps<Row>) {
  return (
    <Table {...tableProps}>
      <DataTableHead columns={columns} />
      <Table.Tbody>{rows.length === 0 ? <DataTableEmptyRow columns={columns.length} text={empty} /> : rows.map((row) => renderRow(row))}</Table.Tbody>
    </Table>
  );
}

/** The heading row of a table's columns. */
export function DataTableHead({ columns }: { columns: readonly DataTableColumn[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) =>
          column.labelHidden ? (
            <Table.Th key={column.label} w={column.w}>
              <VisuallyHidden>{column.label}</VisuallyHidden>
            </Table.Th>
          ) : (
            // Column headings are short: they stay on one line however narrow the table gets.
            <Table.Th key={column.label} w={column.w} style={{ whiteSpace: 'nowrap' }}>
              {column.label}
            </Table.Th>
          ),
        )}
      </Table.Tr>
    </Table.Thead>
  );
}

/** The dimmed placeholder row of a table without rows. */
export function DataTableEmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" size="sm" ta="center" py="md">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** A row's ⋯ button (named `label`) opening its menu of `children` items. */
export function RowMenu({ label, disabled = false, children }: { label: string; disabled?: boolean; children: ReactNode }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" disabled={disabled}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} disabled={disabled}>
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
