import { Badge, Button, Checkbox, Code, Group, Menu, Modal, NativeSelect, Paper, ScrollArea, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Actions, isEventType, type EventType } from '@console/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { ConfirmDialog, CONFIRM_DIALOG_MAX_WIDTH } from '@/components/confirm-dialog';
import { DataTable, RowMenu } from '@/components/data-table';
import { DialogFormButtons } from '@/components/dialog-form-buttons';
import { usePageTitle } from '@/components/page-title';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { SecretDialog } from '@/components/secret-dialog';
import { TableSkeleton } from '@/components/table-skeleton';
import { toast, toastOnError } from '@/components/toasts';
import { TruncatedText } from '@/components/truncated-text';
import { useConfirmedAction, useToastedAction } from '@/components/use-confirmed-action';
import { usePermissions } from '@/features/account';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useEventCatalogue,
  useReplayDelivery,
  useReplayFailedDeliveries,
  useRotateWebhookSecret,
  useServiceCredentials,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
  type DeliveryStatus,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@/features/system-admin';
import '@/locales/ja/system-admin';
import '@/locales/ja/webhooks';

/** The tables' narrowest widths (scrolled sideways on a phone). */
const ENDPOINTS_MIN_WIDTH = 900;
const DELIVERIES_MIN_WIDTH = 980;
const STATUSES: readonly DeliveryStatus[] = ['pending', 'succeeded', 'failed'];
const STATUS_COLORS: Record<DeliveryStatus, string> = { pending: 'yellow', succeeded: 'teal', failed: 'red' };

/** A signing secret just issued, shown once. */
interface Issued {
  url: string;
  secret: string;
}

const isEndpointUrl = (value: string) => /^https?:\/\/\S+$/.test(value) && URL.canParse(value);

/**
 * /system-admin/webhooks (docs/integration.md#typed-client): the webhook endpoints of the service
 * credentials with their events, state and deliveries' counts; 追加 and 再発行 show the signing
 * secret once; 配信履歴 opens an endpoint's deliveries (status, attempts, last error, latency),
 * where one or all failed ones are delivered again.
 */
export function Component() {
  const { t, language } = useTranslation();
  usePageTitle(`${t('webhooks.title')} - ${t('systemAdmin.title')}`);
  const can = usePermissions();
  const allowed = can(Actions.ServiceCredentialManage);
  const endpoints = useWebhookEndpoints();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhookEndpoint();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [issued, setIssued] = useState<Issued | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  const deletion = useConfirmedAction(
    async (endpoint: WebhookEndpoint) => {
      await remove.mutateAsync(endpoint);
      if (shownId === endpoint.id) setShownId(null);
    },
    { success: t('webhooks.deleted'), failure: t('webhooks.deleteFailed') },
  );

  if (endpoints.isError) throw endpoints.error;
  const formatTime = (iso: string) => new Date(iso).toLocaleString(language);
  const shown = endpoints.data?.find((endpoint) => endpoint.id === shownId) ?? null;

  async function rotateSecret(endpoint: WebhookEndpoint) {
    try {
      const answer = await rotate.mutateAsync(endpoint);
      setIssued({ url: endpoint.url, secret: answer.secret });
    } catch (error) {
      toastOnError(t('webhooks.rotateFailed'))(error);
    }
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" mb="md" gap="sm">
          <Text size="sm" c="dimmed" flex="1 1 240px">
            {t('webhooks.description')}
          </Text>
          <PermissionTooltip allowed={allowed}>
            <Button disabled={!allowed} onClick={() => setCreating(true)}>
              {t('webhooks.create')}
            </Button>
          </PermissionTooltip>
        </Group>
        {endpoints.isPending ? (
          <TableSkeleton rows={3} columns={6} />
        ) : (
          <ScrollArea type="auto" offsetScrollbars="x">
            <DataTable
              aria-label={t('webhooks.title')}
              miw={ENDPOINTS_MIN_WIDTH}
              verticalSpacing="sm"
              columns={[
                { label: t('webhooks.url') },
                { label: t('webhooks.credential') },
                { label: t('webhooks.eventTypes') },
                { label: t('webhooks.state'), w: 90 },
                { label: t('webhooks.deliveries') },
                { label: t('webhooks.createdAt') },
                { label: t('systemAdmin.actions'), labelHidden: true },
              ]}
              rows={endpoints.data}
              empty={t('webhooks.empty')}
              renderRow={(endpoint) => (
                <Table.Tr key={endpoint.id} data-testid="webhook-endpoint-row" data-url={endpoint.url}>
                  <Table.Td maw={260}>
                    <TruncatedText>{endpoint.url}</TruncatedText>
                  </Table.Td>
                  <Table.Td maw={180}>
                    <TruncatedText>{endpoint.credentialName}</TruncatedText>
                    <Text size="xs" c="dimmed">
                      {endpoint.product}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {endpoint.eventTypes.length === 0 ? (
                      <Text size="sm">{t('webhooks.allEvents')}</Text>
                    ) : (
                      <Stack gap={2}>
                        {endpoint.eventTypes.map((type) => (
                          <Code key={type}>{type}</Code>
                        ))}
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={endpoint.enabled ? 'teal' : 'gray'}>
                      {endpoint.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" data-testid="webhook-delivery-counts">
                      {t('webhooks.counts', endpoint.deliveries)}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(endpoint.createdAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant={shownId === endpoint.id ? 'light' : 'default'}
                        aria-pressed={shownId === endpoint.id}
                        onClick={() => setShownId(shownId === endpoint.id ? null : endpoint.id)}
                        aria-label={`${t('webhooks.showDeliveries')}: ${endpoint.url}`}
                      >
                        {t('webhooks.showDeliveries')}
                      </Button>
                      <PermissionTooltip allowed={allowed}>
                        <RowMenu label={t('systemAdmin.menuLabel', { name: endpoint.url })} disabled={!allowed}>
                          <Menu.Item onClick={() => setEditing(endpoint)}>{t('webhooks.edit')}</Menu.Item>
                          <Menu.Item onClick={() => void rotateSecret(endpoint)}>{t('webhooks.rotate')}</Menu.Item>
                          <Menu.Item color="red" onClick={() => deletion.request(endpoint)}>
                            {t('webhooks.delete')}
                          </Menu.Item>
                        </RowMenu>
                      </PermissionTooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )}
            />
          </ScrollArea>
        )}
      </Paper>
      {shown && <Deliveries key={shown.id} endpoint={shown} allowed={allowed} onClose={() => setShownId(null)} />}
      <CreateDialog opened={creating} onClose={() => setCreating(false)} onCreated={setIssued} />
      <EditDialog endpoint={editing} onClose={() => setEditing(null)} />
      <SecretDialog title={t('webhooks.secretTitle', { url: issued?.url ?? '' })} secret={issued?.secret ?? null} onClose={() => setIssued(null)} />
      <ConfirmDialog {...deletion.dialog} danger title={t('webhooks.delete')} confirmLabel={t('webhooks.deleteConfirm')}>
        {deletion.target ? t('webhooks.deleteMessage', { url: deletion.target.url }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}

/** An endpoint's deliveries, newest first, filtered by status, with 再送 per delivery and for every failed one. */
function Deliveries({ endpoint, allowed, onClose }: { endpoint: WebhookEndpoint; allowed: boolean; onClose: () => void }) {
  const { t, language } = useTranslation();
  const [status, setStatus] = useState<DeliveryStatus | null>(null);
  const deliveries = useWebhookDeliveries(endpoint.id, status);
  const replay = useReplayDelivery();
  const replayFailed = useReplayFailedDeliveries();
  const replayOne = useToastedAction((delivery: WebhookDelivery) => replay.mutateAsync(delivery), {
    success: t('webhooks.replayed'),
    failure: t('webhooks.replayFailed'),
  });
  if (deliveries.isError) throw deliveries.error;
  const formatTime = (iso: string) => new Date(iso).toLocaleString(language);
  const rows = deliveries.data?.pages.flatMap((page) => page.items);

  async function replayAll() {
    try {
      const answer = await replayFailed.mutateAsync(endpoint);
      toast.success(t('webhooks.replayedCount', { count: answer.replayed }));
    } catch (error) {
      toastOnError(t('webhooks.replayFailed'))(error);
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="webhook-deliveries-title">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} size="h4" id="webhook-deliveries-title" style={{ overflowWrap: 'anywhere' }} flex="1 1 240px">
          {t('webhooks.deliveriesTitle', { url: endpoint.url })}
        </Title>
        <Group gap="xs">
          <PermissionTooltip allowed={allowed}>
            <Button variant="default" disabled={!allowed || endpoint.deliveries.failed === 0} loading={replayFailed.isPending} onClick={() => void replayAll()}>
              {t('webhooks.replayAllFailed')}
            </Button>
          </PermissionTooltip>
          <Button variant="subtle" onClick={onClose}>
            {t('webhooks.closeDeliveries')}
          </Button>
        </Group>
      </Group>
      <NativeSelect
        mb="md"
        maw={240}
        label={t('webhooks.statusFilter')}
        value={status ?? 'all'}
        onChange={(e) => setStatus(STATUSES.find((candidate) => candidate === e.currentTarget.value) ?? null)}
        data={[{ value: 'all', label: t('webhooks.all') }, ...STATUSES.map((value) => ({ value, label: t(`webhooks.${value}`) }))]}
      />
      {deliveries.isPending ? (
        <TableSkeleton rows={3} columns={7} />
      ) : (
        <ScrollArea type="auto" offsetScrollbars="x">
          <DataTable
            aria-label={t('webhooks.deliveriesTitle', { url: endpoint.url })}
            miw={DELIVERIES_MIN_WIDTH}
            verticalSpacing="xs"
            columns={[
              { label: t('webhooks.event') },
              { label: t('webhooks.status'), w: 90 },
              { label: t('webhooks.attempts'), w: 90 },
              { label: t('webhooks.lastError') },
              { label: t('webhooks.latency'), w: 100 },
              { label: t('webhooks.lastAttempt') },
              { label: t('systemAdmin.actions'), labelHidden: true },
            ]}
            rows={rows ?? []}
            empty={t('webhooks.noDeliveries')}
            renderRow={(delivery) => (
              <Table.Tr key={delivery.id} data-testid="webhook-delivery-row" data-status={delivery.status} data-event-type={delivery.eventType}>
                <Table.Td>
                  <Code>{delivery.eventType}</Code>
                  <Text size="xs" c="dimmed">
                    {delivery.eventId}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={STATUS_COLORS[delivery.status]}>
                    {t(`webhooks.${delivery.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{delivery.attempts}</Table.Td>
                <Table.Td maw={280}>
                  <TruncatedText>{[delivery.lastStatusCode, delivery.lastError].filter((part) => part !== null).join(' ')}</TruncatedText>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{delivery.latencyMs === null ? '' : t('webhooks.latencyMs', { ms: delivery.latencyMs })}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{delivery.lastAttemptAt ? formatTime(delivery.lastAttemptAt) : ''}</Text>
                  {delivery.status === 'pending' && delivery.nextAttemptAt && (
                    <Text size="xs" c="dimmed">
                      {t('webhooks.nextAttempt', { time: formatTime(delivery.nextAttemptAt) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {delivery.status === 'failed' && (
                    <PermissionTooltip allowed={allowed}>
                      <Button
                        size="xs"
                        variant="default"
                        disabled={!allowed}
                        loading={replayOne.busy && replay.variables?.id === delivery.id}
                        onClick={() => void replayOne.run(delivery)}
                        aria-label={`${t('webhooks.replay')}: ${delivery.eventType} ${delivery.eventId}`}
                      >
                        {t('webhooks.replay')}
                      </Button>
                    </PermissionTooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            )}
          />
        </ScrollArea>
      )}
      {deliveries.hasNextPage && (
        <Group justify="center" mt="md">
          <Button variant="default" loading={deliveries.isFetchingNextPage} onClick={() => void deliveries.fetchNextPage()}>
            {t('webhooks.more')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}

/** The events an endpoint subscribes to: none chosen is every event. */
function EventTypesField({ value, onChange }: { value: EventType[]; onChange: (value: EventType[]) => void }) {
  const { t } = useTranslation();
  const catalogue = useEventCatalogue();
  return (
    <Checkbox.Group
      label={t('webhooks.eventTypes')}
      description={t('webhooks.allEventsHint')}
      value={value}
      onChange={(chosen) => onChange(chosen.filter(isEventType))}
    >
      <ScrollArea.Autosize mah={220} mt="xs" type="auto">
        <Stack gap="xs">
          {(catalogue.data ?? []).map((type) => (
            <Checkbox key={type.type} value={type.type} label={type.type} description={type.description} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Checkbox.Group>
  );
}

/** 追加: a credential holding events:receive, the URL and the events; the signing secret goes to the secret dialog. */
function CreateDialog({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (issued: Issued) => void }) {
  const { t } = useTranslation();
  const create = useCreateWebhookEndpoint();
  const credentials = useServiceCredentials();
  const receivers = (credentials.data ?? []).filter((c) => c.state === 'active' && c.scopes.includes('events:receive'));
  const [credentialId, setCredentialId] = useState('');
  const [url, setUrl] = useState('');
  const [eventTypes, setEventTypes] = useState<EventType[]>([]);
  useEffect(() => {
    if (!opened) return;
    setUrl('');
    setEventTypes([]);
    setCredentialId('');
  }, [opened]);
  const chosen = credentialId || receivers[0]?.id || '';
  const urlValid = isEndpointUrl(url.trim());
  const valid = chosen !== '' && urlValid;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || create.isPending) return;
    try {
      const answer = await create.mutateAsync({ credentialId: chosen, url: url.trim(), eventTypes });
      onClose();
      onCreated({ url: answer.endpoint.url, secret: answer.secret });
    } catch (error) {
      toastOnError(t('webhooks.createFailed'))(error);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('webhooks.create')} centered styles={{ content: { maxWidth: CONFIRM_DIALOG_MAX_WIDTH } }}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <NativeSelect
            label={t('webhooks.credential')}
            value={chosen}
            onChange={(e) => setCredentialId(e.currentTarget.value)}
            data={receivers.map((c) => ({ value: c.id, label: `${c.name} (${c.product})` }))}
            disabled={receivers.length === 0}
            error={credentials.isSuccess && receivers.length === 0 ? t('webhooks.noCredential') : undefined}
          />
          <UrlField value={url} onChange={setUrl} autofocus />
          <EventTypesField value={eventTypes} onChange={setEventTypes} />
          <DialogFormButtons submitLabel={t('webhooks.createSubmit')} canSubmit={valid} loading={create.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

/** The endpoint's URL, with its error once something not a URL was typed. */
function UrlField({ value, onChange, autofocus = false }: { value: string; onChange: (value: string) => void; autofocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('webhooks.url')}
      type="url"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={value.trim() !== '' && !isEndpointUrl(value.trim()) ? t('webhooks.urlInvalid') : undefined}
      data-autofocus={autofocus || undefined}
    />
  );
}

/** 編集: the URL, the events and whether deliveries go out. */
function EditDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [eventTypes, setEventTypes] = useState<EventType[]>([]);
  const [enabled, setEnabled] = useState(true);
  useEffect(() => {
    if (!endpoint) return;
    setUrl(endpoint.url);
    setEventTypes([...endpoint.eventTypes]);
    setEnabled(endpoint.enabled);
  }, [endpoint]);
  const valid = isEndpointUrl(url.trim());

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!endpoint || !valid || update.isPending) return;
    try {
      await update.mutateAsync({ endpointId: endpoint.id, url: url.trim(), eventTypes, enabled });
      toast.success(t('webhooks.updated'));
      onClose();
    } catch (error) {
      toastOnError(t('webhooks.updateFailed'))(error);
    }
  }

  return (
    <Modal opened={endpoint !== null} onClose={onClose} title={t('webhooks.editTitle')} centered styles={{ content: { maxWidth: CONFIRM_DIALOG_MAX_WIDTH } }}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <UrlField value={url} onChange={setUrl} autofocus />
          <EventTypesField value={eventTypes} onChange={setEventTypes} />
          <Checkbox label={t('webhooks.enabledLabel')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
          <DialogFormButtons submitLabel={t('webhooks.editSubmit')} canSubmit={valid} loading={update.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
