import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TableSkeleton } from '@/components/table-skeleton';
import { useConfirmedAction, useToastedAction } from '@/components/use-confirmed-action';
import { useRevokeOtherSessions, useRevokeSession, useSessionsQuery, type SignInSession } from '@/features/account';
import { formatDateTime } from '@/lib/i18n';
import '@/locales/ja/account';

/** A time of a session to the minute, in the console's language. */
function formatTime(iso: string): string {
  return formatDateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
}

/** The browser and OS of a session ("Chrome 142 · macOS"), or Unknown. */
function deviceName(session: SignInSession, unknown: string): string {
  const parts = [session.browser, session.os].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : unknown;
}

function SessionItem({ session, onRevoke, revoking }: { session: SignInSession; onRevoke: (id: string) => void; revoking: boolean }) {
  const { t } = useTranslation();
  const unknown = t('account.sessions.unknown');
  const device = deviceName(session, unknown);
  const method =
    session.signInMethod === 'password'
      ? t('account.sessions.methods.password')
      : session.signInMethod === 'google.com'
        ? t('account.sessions.methods.google')
        : session.signInMethod.startsWith('sso.')
          ? t('account.sessions.methods.sso')
          : session.signInMethod;
  const details: [string, string][] = [
    [t('account.sessions.place'), session.place ?? unknown],
    [t('account.sessions.address'), session.ip ?? unknown],
    [t('account.sessions.signInMethod'), method],
    [t('account.sessions.signedInAt'), formatTime(session.signedInAt)],
    [t('account.sessions.lastSeenAt'), formatTime(session.lastSeenAt)],
  ];
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="session" data-current={session.current}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: '1 1 220px' }}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {device}
            </Text>
            {session.current && (
              <Badge color="teal" variant="light">
                {t('account.sessions.current')}
              </Badge>
            )}
          </Group>
          <Stack component="dl" gap={2} m={0}>
            {details.map(([label, value]) => (
              <Group key={label} gap={6} wrap="nowrap" align="baseline">
                <Text component="dt" size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {label}
                </Text>
                <Text component="dd" size="xs" m={0} style={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
        {!session.current && (
          <Button
            variant="default"
            size="xs"
            onClick={() => onRevoke(session.id)}
            loading={revoking}
            aria-label={t('account.sessions.revokeLabel', { device })}
          >
            {t('account.sessions.revoke')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** /account/sessions: where the person is signed in; sign one session or all others out (docs/architecture.md#sessions). */
export function Component() {
  const { t } = useTranslation();
  const sessions = useSessionsQuery();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const revokeOne = useToastedAction((id: string) => revoke.mutateAsync(id), {
    success: t('account.sessions.revoked'),
    failure: t('account.sessions.revokeFailed'),
  });
  const others = useConfirmedAction(() => revokeOthers.mutateAsync(undefined), {
    success: t('account.sessions.revokedOthers'),
    failure: t('account.sessions.revokeOthersFailed'),
  });
  const items = sessions.data ?? [];
  const hasOthers = items.some((session) => !session.current);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 240px' }}>
            <Title order={2} size="h4">
              {t('account.sessions.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('account.sessions.description')}
            </Text>
          </Stack>
          <Button variant="default" disabled={!hasOthers} onClick={() => others.request(true)}>
            {t('account.sessions.revokeOthers')}
          </Button>
        </Group>
        {sessions.isPending ? (
          <TableSkeleton rows={3} columns={2} />
        ) : sessions.isError ? (
          <Group gap="sm">
            <Text size="sm" role="alert">
              {t('list.loadFailed')}
            </Text>
            <Button variant="default" size="xs" onClick={() => void sessions.refetch()}>
              {t('list.retry')}
            </Button>
          </Group>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('account.sessions.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('account.sessions.listLabel')}>
            {items.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                onRevoke={(id) => void revokeOne.run(id)}
                revoking={revokeOne.busy && revoke.variables === session.id}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog {...others.dialog} title={t('account.sessions.revokeOthersTitle')} confirmLabel={t('account.sessions.revokeOthers')} danger>
        {t('account.sessions.revokeOthersBody')}
      </ConfirmDialog>
    </Paper>
  );
}
