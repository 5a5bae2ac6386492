import { Skeleton, Table } from '@mantine/core';

/** Skeleton rows shown while a settings table loads (docs/product-rules.md#screens: 3 rows, 2 for product settings). */
export function TableSkeleton({ rows, columns }: { rows: number; columns: number }) {
  return (
    <Table aria-busy="true" data-testid="table-skeleton">
      <Table.Tbody>
        {Array.from({ length: rows }, (_, row) => (
          <Table.Tr key={row}>
            {Array.from({ length: columns }, (_, column) => (
              <Table.Td key={column}>
                <Skeleton height={16} radius="sm" />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
