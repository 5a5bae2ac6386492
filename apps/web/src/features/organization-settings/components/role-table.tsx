import { Table, Text } from '@mantine/core';
import { normalizeRoleDescription } from '@console/domain';
import { t } from '@/locales';
import { TableSkeleton } from './table-skeleton';

/** Read-only table of role name and description; ロールがありません when empty (spec §2). */
export function RoleTable({ roles, loading }: { roles: readonly { id: string; name: string; description?: string | null }[] | undefined; loading: boolean }) {
  if (loading || roles === undefined) return <TableSkeleton rows={3} columns={2} />;
  return (
    <Table striped={false} highlightOnHover verticalSpacing="sm" data-testid="role-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="30%">{t.roleTable.name}</Table.Th>
          <Table.Th>{t.roleTable.description}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {roles.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={2}>
              <Text c="dimmed" size="sm" ta="center" py="md">
                {t.roleTable.empty}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          roles.map((role) => (
            <Table.Tr key={role.id}>
              <Table.Td>{role.name}</Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {normalizeRoleDescription(role.description)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}
