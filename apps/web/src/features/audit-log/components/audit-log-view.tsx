import { Alert, Button, Group, Stack, Text, type ComboboxItem } from '@mantine/core';
import { useMemo, useState } from 'react';
import { TableSkeleton } from '@/components/table-skeleton';
import { useTranslation } from '@/lib/i18n';
import { useDownloadAuditCsv } from '../api/export-audit-events';
import { useAuditEvents, type AuditEvent } from '../api/get-audit-events';
import type { RoleNames } from '../audit-format';
import { auditFilterBody, EMPTY_AUDIT_LOG_FILTERS, hasAuditFilters, type AuditLogFilters } from '../filters';
import type { AuditLogScope } from '../keys';
import { AuditEventDetails } from './audit-event-details';
import { AuditLogFilterBar } from './audit-log-filters';
import { AuditLogTable } from './audit-log-table';
import '@/locales/ja/audit-log';

export interface AuditLogViewProps {
  scope: AuditLogScope;
  /** The accounts of the actor filter (value: account id). */
  actorOptions: readonly ComboboxItem[];
  /** The system-wide log: the organization filter's choices, and an 組織 column naming them. */
  organizations?: readonly { id: string; name: string }[];
  /** Names of the roles a role change may name, by id. */
  roleNames: RoleNames;
}

/**
 * An audit log: filters and CSV download, the events newest first with さらに読み込む for older
 * ones, and a drawer with one event's details (before → after of each changed field).
 */
export function AuditLogView({ scope, actorOptions, organizations, roleNames }: AuditLogViewProps) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditLogFilters>(EMPTY_AUDIT_LOG_FILTERS);
  // The event shown stays while the drawer closes (its transition).
  const [selected, setSelected] = useState<AuditEvent | null>(null);
  const [detailsOpened, setDetailsOpened] = useState(false);
  const body = useMemo(() => auditFilterBody(filters), [filters]);
  const events = useAuditEvents(scope, body);
  const download = useDownloadAuditCsv();
  const organizationOptions = useMemo(() => organizations?.map((o) => ({ value: o.id, label: o.name })), [organizations]);
  const organizationNames = useMemo(() => (organizations ? new Map(organizations.map((o) => [o.id, o.name])) : undefined), [organizations]);
  const items = useMemo(() => events.data?.pages.flatMap((page) => page.items) ?? [], [events.data]);

  return (
    <Stack gap="md">
      <AuditLogFilterBar filters={filters} onChange={setFilters} actorOptions={actorOptions} organizationOptions={organizationOptions} />
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" data-testid="audit-log-count">
          {items.length > 0 ? t('auditLog.shown', { count: items.length }) : '\u00a0'}
        </Text>
        <Group gap="sm">
          <Button variant="subtle" color="gray" disabled={!hasAuditFilters(filters)} onClick={() => setFilters(EMPTY_AUDIT_LOG_FILTERS)}>
            {t('auditLog.clearFilters')}
          </Button>
          <Button variant="default" loading={download.isPending} disabled={download.isPending} onClick={() => download.mutate({ scope, filters: body })}>
            {t('auditLog.download')}
          </Button>
        </Group>
      </Group>

      {events.isPending ? (
        <TableSkeleton rows={3} columns={organizationNames ? 6 : 5} />
      ) : events.isError && items.length === 0 ? (
        <Alert color="red" variant="light" title={t('auditLog.loadFailed')} data-testid="audit-log-error">
          <Button size="xs" variant="default" onClick={() => void events.refetch()}>
            {t('auditLog.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <AuditLogTable
            events={items}
            organizationNames={organizationNames}
            onOpen={(event) => {
              setSelected(event);
              setDetailsOpened(true);
            }}
          />
          {events.isFetchNextPageError ? (
            <Alert color="red" variant="light" title={t('auditLog.loadFailed')}>
              <Button size="xs" variant="default" onClick={() => void events.fetchNextPage()}>
                {t('auditLog.retry')}
              </Button>
            </Alert>
          ) : null}
          {events.hasNextPage ? (
            <Group justify="center">
              <Button variant="default" loading={events.isFetchingNextPage} onClick={() => void events.fetchNextPage()}>
                {t('auditLog.loadMore')}
              </Button>
            </Group>
          ) : null}
        </>
      )}

      <AuditEventDetails opened={detailsOpened} event={selected} roleNames={roleNames} onClose={() => setDetailsOpened(false)} />
    </Stack>
  );
}
