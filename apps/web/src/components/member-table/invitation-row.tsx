import { Badge, Group, Menu, Table, Text } from '@mantine/core';
import { buildInvitationUrl, invitationStatus } from '@console/domain';
import { RowMenu } from '@/components/data-table';
import type { VirtualRowProps } from '@/components/infinite-list/use-virtual-rows';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { toast } from '@/components/toasts';
import { TruncatedText } from '@/components/truncated-text';
import { i18n, useTranslation } from '@/lib/i18n';
import type { MemberRowInvitation } from './member-rows';

async function copyInvitationUrl(invitationId: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(buildInvitationUrl(window.location.origin, invitationId));
    toast.success(i18n.t('memberTable.invitationUrlCopied'));
  } catch (error) {
    console.error(error);
    toast.error(i18n.t('memberTable.invitationUrlCopyFailed'));
  }
}

export interface InvitationRowProps {
  /** Spread onto the row (the virtual table measures it). */
  rowProps: VirtualRowProps;
  invitation: MemberRowInvitation;
  roleName: string;
  now: Date;
  /** Whether the invitation may be cancelled, and its e-mail sent again (the same rule). */
  mayCancel: boolean;
  resending: boolean;
  onCancel: () => void;
  onResend: () => void;
}

/**
 * An open invitation: 未設定, the address, 招待中 or the orange 期限切れ (plus 送信失敗 when its
 * e-mail failed), the role it gives, and a menu with 招待をキャンセル, 再送信 (a failed e-mail of a
 * pending invitation) and 招待URLをコピー (docs/product-rules.md#screens, #invitations).
 */
export function InvitationRow({ rowProps, invitation, roleName, now, mayCancel, resending, onCancel, onResend }: InvitationRowProps) {
  const { t } = useTranslation();
  const expired = invitationStatus(invitation, now) === 'expired';
  return (
    <Table.Tr {...rowProps} data-testid="invitation-row" data-email={invitation.email}>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {t('memberTable.notSet')}
        </Text>
      </Table.Td>
      <Table.Td>
        <TruncatedText>{invitation.email}</TruncatedText>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {expired ? (
            <Badge color="orange" variant="light">
              {t('memberTable.expired')}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              {t('memberTable.pending')}
            </Badge>
          )}
          {invitation.emailDeliveryFailed ? (
            <Badge color="red" variant="light" data-testid="delivery-failed">
              {t('memberTable.deliveryFailed')}
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{roleName}</Text>
      </Table.Td>
      <Table.Td>
        <RowMenu label={t('memberTable.menuLabel', { name: invitation.email })}>
          <PermissionTooltip allowed={mayCancel} block>
            <Menu.Item color="red" disabled={!mayCancel} onClick={onCancel}>
              {t('memberTable.cancelInvitation')}
            </Menu.Item>
          </PermissionTooltip>
          {invitation.emailDeliveryFailed && !expired ? (
            <PermissionTooltip allowed={mayCancel} block>
              <Menu.Item disabled={!mayCancel || resending} onClick={onResend}>
                {t('memberTable.resendInvitation')}
              </Menu.Item>
            </PermissionTooltip>
          ) : null}
          <Menu.Item onClick={() => void copyInvitationUrl(invitation.id)}>{t('memberTable.copyInvitationUrl')}</Menu.Item>
        </RowMenu>
      </Table.Td>
    </Table.Tr>
  );
}
