import { Alert, Badge, Button, Group, ScrollArea, Stack, Table } from '@mantine/core';
import { Actions } from '@console/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { TableSkeleton } from '@/components/table-skeleton';
import { toast, toastWriteFailure } from '@/components/toasts';
import { TruncatedText } from '@/components/truncated-text';
import { usePermissions } from '@/features/account';
import {
  OrganizationSettingsPage,
  useDecideJoinRequest,
  useJoinRequestPages,
  useOrganizationSettings,
  usePendingJoinRequestCount,
  type JoinRequest,
  type JoinRequestFilter,
} from '@/features/organizations';
import { useTranslation } from '@/lib/i18n';
import '@/locales/ja/join-requests';
import '@/locales/ja/domains';
import '@/locales/ja/audit-log';

/** Narrower windows scroll the table sideways inside its area. */
const JOIN_REQUEST_TABLE_MIN_WIDTH = 860;
const STATUS_COLORS = { pending: 'gray', approved: 'teal', declined: 'red' } as const;

/**
 * /organizations/{id}/settings/joinRequests: the requests to join through a verified domain
 * (docs/product-rules.md#auto-join), a page at a time, with approve and decline for the
 * organization's admins; anyone else sees the page disabled with 権限がありません.
 */
export function Component() {
  const { t } = useTranslation();
  const { organization } = useOrganizationSettings();
  const can = usePermissions(organization);
  const allowed = can(Actions.OrganizationManageJoinRequests);
  return (
    <OrganizationSettingsPage title={t('organizationSettings.joinRequests')} maw={1080}>
      {allowed ? (
        <JoinRequestList organizationId={organization.id} />
      ) : (
        <Alert color="gray" variant="light" title={t('common.noPermission')} data-testid="join-requests-no-permission" />
      )}
    </OrganizationSettingsPage>
  );
}

function JoinRequestList({ organizationId }: { organizationId: string }) {
  const { t, language } = useTranslation();
  const [filter, setFilter] = useState<JoinRequestFilter>('pending');
  const list = useJoinRequestPages(organizationId, filter);
  const pending = usePendingJoinRequestCount(organizationId);
  const decide = useDecideJoinRequest();
  const [declining, setDeclining] = useState<JoinRequest | null>(null);
  if (list.isError) throw new Error('The join requests could not be read');

  const run = (request: JoinRequest, decision: 'approve' | 'decline') =>
    decide.mutate(
      { organizationId, joinRequestId: request.id, decision },
      {
        onSuccess: () => {
          setDeclining(null);
          toast.success(t('organizationSettings.updated'));
        },
        onError: (error) => toastWriteFailure(t('organizationSettings.updateFailed'), error),
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" role="group" aria-label={t('auditLog.filtersLabel')}>
          {(['pending', 'all'] as const).map((value) => (
            <Button key={value} size="xs" variant={filter === value ? 'filled' : 'default'} aria-pressed={filter === value} onClick={() => setFilter(value)}>
              {value === 'all' ? t('auditLog.all') : t('joinRequests.statuses.pending')}
            </Button>
          ))}
        </Group>
        {pending.data !== undefined && (
          <Badge color={pending.data > 0 ? 'red' : 'gray'} variant="light" size="lg" data-testid="join-requests-pending">
            {t('joinRequests.statuses.pending')}: {pending.data}
          </Badge>
        )}
      </Group>
      {list.isPending ? (
        <TableSkeleton rows={3} columns={6} />
      ) : (
        <ScrollArea type="auto" offsetScrollbars="x">
          <DataTable
            aria-label={t('organizationSettings.joinRequests')}
            miw={JOIN_REQUEST_TABLE_MIN_WIDTH}
            data-testid="join-requests"
            columns={[
              { label: t('memberTable.name') },
              { label: t('memberTable.email') },
              { label: t('domains.domain') },
              { label: t('auditLog.occurredAt') },
              { label: t('domains.state') },
              { label: t('memberTable.actions'), labelHidden: true },
            ]}
            rows={list.items}
            empty={t('joinRequests.empty')}
            renderRow={(request) => (
              <Table.Tr key={request.id} data-testid="join-request" data-email={request.email}>
                <Table.Td maw={180}>
                  <TruncatedText>{request.name ?? '—'}</TruncatedText>
                </Table.Td>
                <Table.Td maw={240}>
                  <TruncatedText>{request.email}</TruncatedText>
                </Table.Td>
                <Table.Td maw={180}>
                  <TruncatedText>{request.domain ?? '—'}</TruncatedText>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{new Date(request.createdAt).toLocaleString(language)}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[request.status]} variant="light" miw="max-content">
                    {t(`joinRequests.statuses.${request.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {request.status === 'pending' && (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        onClick={() => run(request, 'approve')}
                        loading={decide.isPending && decide.variables.joinRequestId === request.id && decide.variables.decision === 'approve'}
                        aria-label={`${t('joinRequests.approve')}: ${request.email}`}
                      >
                        {t('joinRequests.approve')}
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setDeclining(request)} aria-label={`${t('joinRequests.decline')}: ${request.email}`}>
                        {t('joinRequests.decline')}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            )}
          />
        </ScrollArea>
      )}
      {list.hasNextPage && (
        <Group justify="center">
          <Button variant="default" size="xs" onClick={list.fetchNextPage} loading={list.isFetchingNextPage}>
            {t('auditLog.loadMore')}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={declining !== null}
        title={t('joinRequests.decline')}
        confirmLabel={t('joinRequests.decline')}
        danger
        loading={decide.isPending}
        onCancel={() => setDeclining(null)}
        onConfirm={() => declining && run(declining, 'decline')}
      >
        {t('joinRequests.declineConfirm', { email: declining?.email ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
