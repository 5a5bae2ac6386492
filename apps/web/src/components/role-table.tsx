import { Table, Text } from '@mantine/core';
import { normalizeRoleDescription } from '@console/domain';
import { DataTable } from '@/components/data-table';
import { useTranslation } from '@/lib/i18n';
import { TableSkeleton } from './table-skeleton';

/** Read-only table of role name and description; ロールがありません when empty (docs/product-rules.md#screens). */
export function RoleTable({ roles, loading }: { roles: readonly { id: string; name: string; description?: string | null }[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  if (loading || roles === undefined) return <TableSkeleton rows={3} columns={2} />;
  return (
    <DataTable
      striped={false}
      highlightOnHover
      verticalSpacing="sm"
      data-testid="role-table"
      columns={[{ label: t('roleTable.name'), w: '30%' }, { label: t('roleTable.description') }]}
      rows={roles}
      empty={t('roleTable.empty')}
      renderRow={(role) => (
        <Table.Tr key={role.id}>
          <Table.Td>{role.name}</Table.Td>
          <Table.Td>
            <Text size="sm" c="dimmed">
              {normalizeRoleDescription(role.description)}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
