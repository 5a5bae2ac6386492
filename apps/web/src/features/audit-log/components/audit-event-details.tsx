import { Code, Drawer, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { AuditEvent } from '../api/get-audit-events';
import { auditActionLabel, auditChangeRows, formatOccurredAt, type RoleNames } from '../audit-format';
import { AuditActor, AuditTarget } from './audit-log-table';
import '@/locales/ja/audit-log';

function Value({ text }: { text: string }) {
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {text}
    </Code>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={190} style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

function Plain({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c={value ? undefined : 'dimmed'} style={{ wordBreak: 'break-all' }}>
      {value ?? t('auditLog.noValue')}
    </Text>
  );
}

/** One event in a drawer: when, who, what, on what, the request it came from, and each changed field before → after (role ids with their names). */
export function AuditEventDetails({
  opened,
  event,
  roleNames,
  onClose,
}: {
  opened: boolean;
  event: AuditEvent | null;
  roleNames: RoleNames;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened && event !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('auditLog.detailsTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {event ? <DetailsBody event={event} roleNames={roleNames} /> : null}
    </Drawer>
  );
}

function DetailsBody({ event, roleNames }: { event: AuditEvent; roleNames: RoleNames }) {
  const { t } = useTranslation();
  const changes = auditChangeRows(event.changes, roleNames);
  return (
    <Stack gap="lg" data-testid="audit-event-details">
      <Table withTableBorder withColumnBorders verticalSpacing="xs" aria-label={t('auditLog.detailsTitle')}>
        <Table.Tbody>
          <Field label={t('auditLog.occurredAt')}>
            <Text size="sm" component="time" dateTime={event.occurredAt}>
              {formatOccurredAt(event.occurredAt)}
            </Text>
          </Field>
          <Field label={t('auditLog.actor')}>
            <AuditActor actor={event.actor} />
          </Field>
          <Field label={t('auditLog.action')}>
            <Text size="sm">{auditActionLabel(event.action)}</Text>
          </Field>
          <Field label={t('auditLog.target')}>
            <AuditTarget event={event} />
          </Field>
          <Field label={t('auditLog.organizationId')}>
            <Plain value={event.organizationId} />
          </Field>
          <Field label={t('auditLog.projectId')}>
            <Plain value={event.projectId} />
          </Field>
          <Field label={t('auditLog.requestId')}>
            <Plain value={event.requestId} />
          </Field>
          <Field label={t('auditLog.ip')}>
            <Plain value={event.ip} />
          </Field>
          <Field label={t('auditLog.userAgent')}>
            <Plain value={event.userAgent} />
          </Field>
        </Table.Tbody>
      </Table>

      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('auditLog.changes')}
        </Title>
        {changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('auditLog.noChanges')}
          </Text>
        ) : (
          <Table
            withTableBorder
            withColumnBorders
            verticalSpacing="xs"
            aria-label={t('auditLog.changes')}
            data-testid="audit-changes"
            style={{ tableLayout: 'fixed' }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={140}>{t('auditLog.field')}</Table.Th>
                <Table.Th>{t('auditLog.before')}</Table.Th>
                <Table.Th w={24} aria-hidden />
                <Table.Th>{t('auditLog.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changes.map((change) => (
                <Table.Tr key={change.field} data-testid="audit-change" data-field={change.field}>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {change.field}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }} data-testid="audit-change-before">
                    <Value text={change.before} />
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }} aria-hidden>
                    <Text size="sm" c="dimmed">
                      →
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }} data-testid="audit-change-after">
                    <Value text={change.after} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Stack>
  );
}
