import { ConfirmDialog } from '@/components/confirm-dialog';
import { displayName } from '@/components/display-name';
import { SearchInput } from '@/components/infinite-list/search-input';
import type { SearchQuery } from '@/components/infinite-list/use-search-query';
import { VirtualTable } from '@/components/infinite-list/virtual-table';
import { useConfirmedAction, useToastedAction } from '@/components/use-confirmed-action';
import type { InfiniteList } from '@/lib/infinite-list';
import { useTranslation } from '@/lib/i18n';
import { InvitationRow } from './invitation-row';
import { MemberRow, roleNameOf } from './member-row';
import type { MemberRowAccount, MemberRowInvitation, MemberTableRow } from './member-rows';

/** The height of the table's scroll area: the rest of the window, at least 320 px. */
const MEMBER_TABLE_MAX_HEIGHT = 'max(320px, calc(100dvh - 360px))';
/** The table's narrowest width: name and address readable, role selector and menu in reach (scrolled to on a phone). */
const MEMBER_TABLE_MIN_WIDTH = 860;

export interface MemberTableProps {
  /** The members, then the open invitations, read a page at a time. */
  list: InfiniteList<MemberTableRow>;
  /** The search box's state (the screen searches both lists with it). */
  search: SearchQuery;
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
 * Members and open invitations (docs/product-rules.md#screens): name, email, status, role and an actions menu;
 * placeholder メンバーがいません. A search box above; the rows are read a page at a time as the
 * table scrolls. A role change (ロールの変更), a removal and a cancellation each ask for
 * confirmation first; cancelling a role change shows the saved role again.
 */
export function MemberTable(props: MemberTableProps) {
  const { t } = useTranslation();
  const { list, search, roles, currentAccountId } = props;
  const roleChange = useConfirmedAction((change: RoleChange) => props.onAssignRole(change.account.id, change.roleId), {
    success: t('memberTable.roleChanged'),
    failure: t('memberTable.roleChangeFailed'),
  });
  const removal = useConfirmedAction((account: MemberRowAccount) => props.onRemove(account.id), {
    success: t('memberTable.removed'),
    failure: t('memberTable.removeFailed'),
  });
  const cancellation = useConfirmedAction((invitation: MemberRowInvitation) => props.onCancelInvitation(invitation.id), {
    success: t('memberTable.invitationCancelled'),
    failure: t('memberTable.invitationCancelFailed'),
  });
  const resend = useToastedAction((invitation: MemberRowInvitation) => props.onResendInvitation(invitation.id), {
    success: t('memberTable.invitationResent'),
    failure: t('memberTable.invitationResendFailed'),
  });
  const now = new Date();

  return (
    <>
      <SearchInput
        search={search}
        searching={list.isSearching}
        label={t('memberTable.searchLabel')}
        placeholder={t('memberTable.searchPlaceholder')}
        maw={360}
      />
      <VirtualTable
        list={list}
        label={t('memberTable.listLabel')}
        maxHeight={MEMBER_TABLE_MAX_HEIGHT}
        minWidth={MEMBER_TABLE_MIN_WIDTH}
        estimateRowHeight={53}
        verticalSpacing="sm"
        data-testid="member-table"
        columns={[
          { label: t('memberTable.name') },
          { label: t('memberTable.email') },
          { label: t('memberTable.status') },
          { label: t('memberTable.role'), w: 200 },
          { label: t('memberTable.actions'), w: 60, labelHidden: true },
        ]}
        empty={t('memberTable.empty')}
        noMatch={t('memberTable.noMatch')}
        renderRow={(row, rowProps) =>
          row.kind === 'member' ? (
            <MemberRow
              key={rowKey(row)}
              rowProps={rowProps}
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
              rowProps={rowProps}
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

      <ConfirmDialog {...roleChange.dialog} title={t('memberTable.roleChangeTitle')} confirmLabel={t('memberTable.roleChangeConfirm')}>
        {roleChange.target
          ? t('memberTable.roleChangeMessage', { name: displayName(roleChange.target.account), role: roleNameOf(roles, roleChange.target.roleId) })
          : ''}
      </ConfirmDialog>

      <ConfirmDialog {...removal.dialog} title={t('memberTable.removeMember')} confirmLabel={t('memberTable.remove')} danger>
        {removal.target ? t('memberTable.removeMessage', { name: displayName(removal.target) }) : ''}
      </ConfirmDialog>

      <ConfirmDialog {...cancellation.dialog} title={t('memberTable.cancelInvitation')} confirmLabel={t('memberTable.cancelInvitationConfirm')} danger>
        {cancellation.target ? t('memberTable.cancelInvitationMessage', { email: cancellation.target.email }) : ''}
      </ConfirmDialog>
    </>
  );
}
