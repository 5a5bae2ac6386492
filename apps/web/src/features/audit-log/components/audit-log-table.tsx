import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { displayName } from '@/components/display-name';
import { useTranslation } from '@/lib/i18n';
import type { AuditEvent } from '../api/get-audit-events';
import { auditActionLabel, auditTargetTypeLabel, formatOccurredAt } from '../audit-format';
import '@/locales/ja/audit-log';

/** The table's narrowest widths, without and with the 組織 column: in a narrower window it scrolls sideways inside its container. */
const AUDIT_TABLE_MIN_WIDTH = 800;
const AUDIT_TABLE_WITH_ORGANIZATIONS_MIN_WIDTH = 960;

export interface AuditLogTableProps {
  events: readonly AuditEvent[];
  /** Names of organizations by id: given, the table has an 組織 column (the system-wide log). */
  organizationNames?: ReadonlyMap<string, string>;
  onOpen: (event: AuditEvent) => void;
}

/** Who did it: name (未設定 when unset) with a system-admin badge, and the email below; システム when nobody. */
export function AuditActor({ actor }: { actor: AuditEvent['actor'] }) {
  const { t } = useTranslation();
  if (!actor) {
    return (
      <Text size="sm" c="dimmed">
        {t('auditLog.systemActor')}
      </Text>
    );
  }
  if (actor.deleted) {
    return (
      <Text size="sm" c="dimmed">
        {t('auditLog.deletedActor')}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" c={actor.name ? undefined : 'dimmed'} span>
          {displayName(actor)}
        </Text>
        {actor.isSystemAdmin ? (
          <Badge size="xs" variant="light" color="indigo">
            {t('auditLog.systemAdminBadge')}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
        {actor.email}
      </Text>
    </Stack>
  );
}

/** The target: its kind (in the console's language) and its id. */
export function AuditTarget({ event }: { event: AuditEvent }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{auditTargetTypeLabel(event.targetType)}</Text>
      <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {event.targetId}
      </Text>
    </Stack>
  );
}

/**
 * Audit events, newest first: time and action in the console's language, actor (name and email), target
 * (kind and id), optionally the organization, and a 詳細 button opening the event's details.
 */
export function AuditLogTable({ events, organizationNames, onOpen }: AuditLogTableProps) {
  const { t } = useTranslation();
  const columns: DataTableColumn[] = [
    { label: t('auditLog.occurredAt'), w: 180 },
    { label: t('auditLog.actor') },
    { label: t('auditLog.action'), w: 200 },
    { label: t('auditLog.target') },
    ...(organizationNames ? [{ label: t('auditLog.organization') }] : []),
    { label: t('auditLog.details'), w: 80, labelHidden: true },
  ];
  return (
    <Table.ScrollContainer minWidth={organizationNames ? AUDIT_TABLE_WITH_ORGANIZATIONS_MIN_WIDTH : AUDIT_TABLE_MIN_WIDTH} type="native" pos="relative">
      <DataTable
        aria-label={t('auditLog.tableLabel')}
        verticalSpacing="sm"
        highlightOnHover
        data-testid="audit-log-table"
        columns={columns}
        rows={events}
        empty={t('auditLog.empty')}
        renderRow={(event) => {
          const occurredAt = formatOccurredAt(event.occurredAt);
          const action = auditActionLabel(event.action);
          return (
            <Table.Tr key={event.id} data-testid="audit-event-row" data-action={event.action}>
              <Table.Td>
                <Text size="sm" component="time" dateTime={event.occurredAt} style={{ whiteSpace: 'nowrap' }}>
                  {occurredAt}
                </Text>
              </Table.Td>
              <Table.Td>
                <AuditActor actor={event.actor} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{action}</Text>
              </Table.Td>
              <Table.Td>
                <AuditTarget event={event} />
              </Table.Td>
              {organizationNames ? (
                <Table.Td>
                  <Text size="sm">{event.organizationId ? (organizationNames.get(event.organizationId) ?? event.organizationId) : t('auditLog.noValue')}</Text>
                </Table.Td>
              ) : null}
              <Table.Td>
                <Button size="xs" variant="subtle" aria-label={t('auditLog.detailsLabel', { action, occurredAt })} onClick={() => onOpen(event)}>
                  {t('auditLog.details')}
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />
    </Table.ScrollContainer>
  );
}
