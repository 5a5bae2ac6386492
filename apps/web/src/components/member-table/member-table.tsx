import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { displayName } from '@/components/display-name';
import { TableSkeleton } from '@/components/table-skeleton';
import { useConfirmedAction, useToastedAction } from '@/components/use-confirmed-action';
import { t } from '@/locales';
import { InvitationRow } from './invitation-row';
import { MemberRow, roleNameOf } from './member-row';
import type { MemberRowAccount, MemberRowInvitation, MemberTableRow } from './member-rows';

export interface MemberTableProps {
  rows: MemberTableRow[] | undefined;
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
  onResendInvitation: (invitationId: string) => Promise<unknown>;
}

interface RoleChange {
  account: MemberRowAccount;
  roleId: string;
}

function rowKey(row: MemberTableRow): string {
  return row.kind === 'member' ? `member:${row.account.id}` : `invitation:${row.invitation.id}`;
}

/**
 * Members and open invitations (spec §2): name, email, status, role and an actions menu;
 * placeholder メンバーがいません. A role change (ロールの変更), a removal and a cancellation each ask
 * for confirmation first; cancelling a role change shows the saved role again.
 */
export function MemberTable(props: MemberTableProps) {
  const { rows, loading, roles, currentAccountId } = props;
  const roleChange = useConfirmedAction((change: RoleChange) => props.onAssignRole(change.account.id, change.roleId), {
    success: t.memberTable.roleChanged,
    failure: t.memberTable.roleChangeFailed,
  });
  const removal = useConfirmedAction((account: MemberRowAccount) => props.onRemove(account.id), { success: t.memberTable.removed, failure: t.memberTable.removeFailed });
  const cancellation = useConfirmedAction((invitation: MemberRowInvitation) => props.onCancelInvitation(invitation.id), {
    success: t.memberTable.invitationCancelled,
    failure: t.memberTable.invitationCancelFailed,
  });
  const resend = useToastedAction((invitation: MemberRowInvitation) => props.onResendInvitation(invitation.id), {
    success: t.memberTable.invitationResent,
    failure: t.memberTable.invitationResendFailed,
  });
  const now = new Date();

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
        renderRow={(row) =>
          row.kind === 'member' ? (
            <MemberRow
              key={rowKey(row)}
              account={row.account}
              roleId={roleChange.target?.account.id === row.account.id ? roleChange.target.roleId : row.roleId}
              roles={roles}
              isSelf={row.account.id === currentAccountId}
              mayAssignRole={props.canAssignRole(row.account.id)}
              mayRemove={props.canRemove(row.account.id)}
              onPickRole={(roleId) => roleChange.request({ account: row.account, roleId })}
              onRemove={() => removal.request(row.account)}
            />
          ) : (
            <InvitationRow
              key={rowKey(row)}
              invitation={row.invitation}
              roleName={roleNameOf(roles, row.roleId)}
              now={now}
              mayCancel={props.canCancelInvitation}
              resending={resend.busy}
              onCancel={() => cancellation.request(row.invitation)}
              onResend={() => void resend.run(row.invitation)}
            />
          )
        }
      />

      <ConfirmDialog {...roleChange.dialog} title={t.memberTable.roleChangeTitle} confirmLabel={t.memberTable.roleChangeConfirm}>
        {roleChange.target ? t.memberTable.roleChangeMessage(displayName(roleChange.target.account), roleNameOf(roles, roleChange.target.roleId)) : ''}
      </ConfirmDialog>

      <ConfirmDialog {...removal.dialog} title={t.memberTable.removeMember} confirmLabel={t.memberTable.remove} danger>
        {removal.target ? t.memberTable.removeMessage(displayName(removal.target)) : ''}
      </ConfirmDialog>

      <ConfirmDialog {...cancellation.dialog} title={t.memberTable.cancelInvitation} confirmLabel={t.memberTable.cancelInvitationConfirm} danger>
        {cancellation.target ? t.memberTable.cancelInvitationMessage(cancellation.target.email) : ''}
      </ConfirmDialog>
    </>
  );
}
