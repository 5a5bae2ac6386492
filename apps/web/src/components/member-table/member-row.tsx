import { Badge, Group, Menu, Select, Table, Text } from '@mantine/core';
import { RowMenu } from '@/components/data-table';
import { displayName } from '@/components/display-name';
import type { VirtualRowProps } from '@/components/infinite-list/use-virtual-rows';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { TruncatedText } from '@/components/truncated-text';
import { useTranslation } from '@/lib/i18n';
import type { MemberRowAccount } from './member-rows';

export interface MemberRowProps {
  /** Spread onto the row (the virtual table measures it). */
  rowProps: VirtualRowProps;
  account: MemberRowAccount;
  /** The role shown: a role change waiting for its confirmation, else the saved one. */
  roleId: string | null;
  roles: readonly { id: string; name: string }[];
  isSelf: boolean;
  mayAssignRole: boolean;
  mayRemove: boolean;
  /** A role other than the saved one was picked (the change still needs its confirmation). */
  onPickRole: (roleId: string) => void;
  onRemove: () => void;
}

/**
 * A member: name (未設定 when unset, （あなた） for oneself), email, アクティブ, the role (a selector,
 * or plain text without permission; docs/product-rules.md#permissions) and a menu with メンバーを削除.
 */
export function MemberRow({ rowProps, account, roleId, roles, isSelf, mayAssignRole, mayRemove, onPickRole, onRemove }: MemberRowProps) {
  const { t } = useTranslation();
  return (
    <Table.Tr {...rowProps} data-testid="member-row" data-email={account.email}>
      <Table.Td>
        <Group gap={0} wrap="nowrap">
          <TruncatedText c={account.name ? undefined : 'dimmed'}>{displayName(account)}</TruncatedText>
          {isSelf ? (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('memberTable.you')}
            </Text>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>
        <TruncatedText>{account.email}</TruncatedText>
      </Table.Td>
      <Table.Td>
        <Badge color="teal" variant="light">
          {t('memberTable.active')}
        </Badge>
      </Table.Td>
      <Table.Td>
        {mayAssignRole ? (
          <Select
            aria-label={t('memberTable.roleLabel', { name: account.email })}
            data={roles.map((r) => ({ value: r.id, label: r.name }))}
            value={roleId}
            allowDeselect={false}
            size="xs"
            w={180}
            comboboxProps={{ withinPortal: true }}
            onChange={(picked) => {
              if (picked && picked !== roleId) onPickRole(picked);
            }}
          />
        ) : (
          <Text size="sm" data-testid="role-text">
            {roleNameOf(roles, roleId)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <RowMenu label={t('memberTable.menuLabel', { name: account.email })}>
          <PermissionTooltip allowed={mayRemove} block>
            <Menu.Item color="red" disabled={!mayRemove} onClick={onRemove}>
              {t('memberTable.removeMember')}
            </Menu.Item>
          </PermissionTooltip>
        </RowMenu>
      </Table.Td>
    </Table.Tr>
  );
}

/** The name of the role with `roleId` among `roles` ('' when none). */
export function roleNameOf(roles: readonly { id: string; name: string }[], roleId: string | null): string {
  return roles.find((r) => r.id === roleId)?.name ?? '';
}
