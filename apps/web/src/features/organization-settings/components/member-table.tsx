import { Badge, Group, Menu, Select, Table, Text } from '@mantine/core';
import { buildInvitationUrl, invitationStatus } from '@console/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, RowMenu } from '@/components/data-table';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { refusalReason, toast } from '@/components/toasts';
import { t } from '@/locales';
import { useResendInvitation } from '@/features/invite/api/invitation-actions';
import { TableSkeleton } from './table-skeleton';

export interface MemberRowAccount {
  id: string;
  name: string | null;
  email: string;
}

export interface MemberRowInvitation {
  id: string;
  email: string;
  createdAt: string;
  expiredIn: number;
  /** Its e-mail was given up as failed: shown as 送信失敗, with 再送信 in the row menu. */
  emailDeliveryFailed: boolean;
}

export type MemberRow =
  | { kind: 'member'; account: MemberRowAccount; roleId: string | null }
  | { kind: 'invitation'; invitation: MemberRowInvitation; roleId: string | null };

export interface MemberTableProps {
  rows: MemberRow[] | undefined;
  loading: boolean;
  roles: readonly { id: string; name: string }[];
  currentAccountId: string;
  canAssignRole: (accountId: string) => boolean;
  canRemove: (accountId: string) => boolean;
  /** Whether the invitations may be cancelled, and their e-mails sent again (the same rule). */
  canCancelInvitation: boolean;
  onAssignRole: (accountId: string, roleId: string) => Promise<unknown>;
  onRemove: (accountId: string) => Promise<unknown>;
  onCancelInvitation: (invitationId: string) => Promise<unknown>;
}

/** The account's name, or 未設定 when it has none. */
export function displayName(account: { name: string | null }): string {
  return account.name && account.name.trim() !== '' ? account.name : t.memberTable.notSet;
}

function rowKey(row: MemberRow): string {
  return row.kind === 'member' ? `member:${row.account.id}` : `invitation:${row.invitation.id}`;
}

async function copyInvitationUrl(invitationId: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(buildInvitationUrl(window.location.origin, invitationId));
    toast.success(t.memberTable.invitationUrlCopied);
  } catch (error) {
    console.error(error);
    toast.error(t.memberTable.invitationUrlCopyFailed);
  }
}

/**
 * Members and pending invitations (spec §2): name (未設定 / （あなた）), email, status
 * (アクティブ / 招待中 / 期限切れ, plus 送信失敗 when an invitation's e-mail failed), role (a selector with the ロールの変更 confirmation, plain text
 * without permission) and an actions menu. Placeholder メンバーがいません.
 */
export function MemberTable(props: MemberTableProps) {
  const { rows, loading, roles, currentAccountId } = props;
  const [roleChange, setRoleChange] = useState<{ account: MemberRowAccount; roleId: string } | null>(null);
  const [removeTarget, setRemoveTarget] = useState<MemberRowAccount | null>(null);
  const [cancelTarget, setCancelTarget] = useState<MemberRowInvitation | null>(null);
  const [busy, setBusy] = useState(false);
  const resend = useResendInvitation();
  const now = new Date();

  const roleName = (roleId: string | null) => roles.find((r) => r.id === roleId)?.name ?? '';

  async function run(action: () => Promise<unknown>, success: string, failure: string, close: () => void) {
    setBusy(true);
    try {
      await action();
      toast.success(success);
    } catch (error) {
      console.error(error);
      toast.error(failure, refusalReason(error));
    } finally {
      setBusy(false);
      close();
    }
  }

  if (loading || rows === undefined) return <TableSkeleton rows={3} columns={5} />;

  return (
    <>
      <DataTable
        verticalSpacing="sm"
        highlightOnHover
        data-testid="member-table"
        columns={[
          { label: t.memberTable.name },
          { label: t.memberTable.email },
          { label: t.memberTable.status },
          { label: t.memberTable.role, w: 200 },
          { label: t.memberTable.actions, w: 60, labelHidden: true },
        ]}
        rows={rows}
        empty={t.memberTable.empty}
        renderRow={(row) => {
          if (row.kind === 'member') {
            const { account } = row;
            const isSelf = account.id === currentAccountId;
            const name = displayName(account);
            const mayAssign = props.canAssignRole(account.id);
            const mayRemove = props.canRemove(account.id);
            const selected = roleChange?.account.id === account.id ? roleChange.roleId : row.roleId;
            return (
              <Table.Tr key={rowKey(row)} data-testid="member-row" data-email={account.email}>
                <Table.Td>
                  <Text size="sm" c={account.name ? undefined : 'dimmed'} span>
                    {name}
                  </Text>
                  {isSelf ? (
                    <Text size="sm" c="dimmed" span>
                      {t.memberTable.you}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{account.email}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge color="teal" variant="light">
                    {t.memberTable.active}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {mayAssign ? (
                    <Select
                      aria-label={t.memberTable.roleLabel(account.email)}
                      data={roles.map((r) => ({ value: r.id, label: r.name }))}
                      value={selected}
                      allowDeselect={false}
                      size="xs"
                      w={180}
                      comboboxProps={{ withinPortal: true }}
                      onChange={(roleId) => {
                        if (roleId && roleId !== row.roleId) setRoleChange({ account, roleId });
                      }}
                    />
                  ) : (
                    <Text size="sm" data-testid="role-text">
                      {roleName(row.roleId)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <RowMenu label={t.memberTable.menuLabel(account.email)}>
                    <PermissionTooltip allowed={mayRemove} block>
                      <Menu.Item color="red" disabled={!mayRemove} onClick={() => setRemoveTarget(account)}>
                        {t.memberTable.removeMember}
                      </Menu.Item>
                    </PermissionTooltip>
                  </RowMenu>
                </Table.Td>
              </Table.Tr>
            );
          }
          const { invitation } = row;
          const expired = invitationStatus(invitation, now) === 'expired';
          return (
            <Table.Tr key={rowKey(row)} data-testid="invitation-row" data-email={invitation.email}>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {t.memberTable.notSet}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{invitation.email}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {expired ? (
                    <Badge color="orange" variant="light">
                      {t.memberTable.expired}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      {t.memberTable.pending}
                    </Badge>
                  )}
                  {invitation.emailDeliveryFailed ? (
                    <Badge color="red" variant="light" data-testid="delivery-failed">
                      {t.memberTable.deliveryFailed}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{roleName(row.roleId)}</Text>
              </Table.Td>
              <Table.Td>
                <RowMenu label={t.memberTable.menuLabel(invitation.email)}>
                  <PermissionTooltip allowed={props.canCancelInvitation} block>
                    <Menu.Item color="red" disabled={!props.canCancelInvitation} onClick={() => setCancelTarget(invitation)}>
                      {t.memberTable.cancelInvitation}
                    </Menu.Item>
                  </PermissionTooltip>
                  {invitation.emailDeliveryFailed && !expired ? (
                    <PermissionTooltip allowed={props.canCancelInvitation} block>
                      <Menu.Item
                        disabled={!props.canCancelInvitation || resend.isPending}
                        onClick={() => void run(() => resend.mutateAsync(invitation.id), t.memberTable.invitationResent, t.memberTable.invitationResendFailed, () => undefined)}
                      >
                        {t.memberTable.resendInvitation}
                      </Menu.Item>
                    </PermissionTooltip>
                  ) : null}
                  <Menu.Item onClick={() => void copyInvitationUrl(invitation.id)}>{t.memberTable.copyInvitationUrl}</Menu.Item>
                </RowMenu>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />

      <ConfirmDialog
        opened={roleChange !== null}
        title={t.memberTable.roleChangeTitle}
        confirmLabel={t.memberTable.roleChangeConfirm}
        loading={busy}
        onCancel={() => setRoleChange(null)}
        onConfirm={() => {
          if (!roleChange) return;
          const { account, roleId } = roleChange;
          void run(() => props.onAssignRole(account.id, roleId), t.memberTable.roleChanged, t.memberTable.roleChangeFailed, () => setRoleChange(null));
        }}
      >
        {roleChange ? t.memberTable.roleChangeMessage(displayName(roleChange.account), roleName(roleChange.roleId)) : ''}
      </ConfirmDialog>

      <ConfirmDialog
        opened={removeTarget !== null}
        title={t.memberTable.removeMember}
        confirmLabel={t.memberTable.remove}
        danger
        loading={busy}
        onCancel={() => setRemoveTarget(null)}
        onConfirm={() => {
          if (!removeTarget) return;
          const target = removeTarget;
          void run(() => props.onRemove(target.id), t.memberTable.removed, t.memberTable.removeFailed, () => setRemoveTarget(null));
        }}
      >
        {removeTarget ? t.memberTable.removeMessage(displayName(removeTarget)) : ''}
      </ConfirmDialog>

      <ConfirmDialog
        opened={cancelTarget !== null}
        title={t.memberTable.cancelInvitation}
        confirmLabel={t.memberTable.cancelInvitationConfirm}
        danger
        loading={busy}
        onCancel={() => setCancelTarget(null)}
        onConfirm={() => {
          if (!cancelTarget) return;
          const target = cancelTarget;
          void run(() => props.onCancelInvitation(target.id), t.memberTable.invitationCancelled, t.memberTable.invitationCancelFailed, () => setCancelTarget(null));
        }}
      >
        {cancelTarget ? t.memberTable.cancelInvitationMessage(cancelTarget.email) : ''}
      </ConfirmDialog>
    </>
  );
}
