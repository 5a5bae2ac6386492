import { Badge, Button, Checkbox, Code, Group, Modal, NativeSelect, Paper, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { Actions, isNonEmptyName, NAME_MAX_LENGTH, PRODUCTS, SERVICE_SCOPES, type ProductKey, type ServiceScope } from '@console/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { ConfirmDialog, CONFIRM_DIALOG_MAX_WIDTH } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { DialogFormButtons } from '@/components/dialog-form-buttons';
import { usePageTitle } from '@/components/page-title';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { SecretDialog } from '@/components/secret-dialog';
import { TableSkeleton } from '@/components/table-skeleton';
import { toastOnError } from '@/components/toasts';
import { TruncatedText } from '@/components/truncated-text';
import { useConfirmedAction } from '@/components/use-confirmed-action';
import { usePermissions } from '@/features/account';
import {
  useCreateServiceCredential,
  useRevokeServiceCredential,
  useRevokeServiceSecret,
  useRotateServiceCredential,
  useServiceCredentials,
  type ServiceCredential,
  type ServiceSecret,
} from '@/features/system-admin';
import '@/locales/ja/service-credentials';
import '@/locales/ja/system-admin';

/** The table's narrowest width (scrolled sideways on a phone). */
const TABLE_MIN_WIDTH = 980;

/** A secret just issued, shown once. */
interface Issued {
  name: string;
  secret: string;
}

/**
 * /system-admin/service-credentials (docs/integration.md#credentials-and-scopes): the credentials
 * of sibling products with their scopes, secrets (by prefix), last use and state; 作成 and 再発行
 * show the new secret once, with a copy button; secrets and credentials are revoked after a
 * confirmation.
 */
export function Component() {
  const { t, language } = useTranslation();
  usePageTitle(`${t('serviceCredentials.title')} - ${t('systemAdmin.title')}`);
  const can = usePermissions();
  const allowed = can(Actions.ServiceCredentialManage);
  const credentials = useServiceCredentials();
  const rotate = useRotateServiceCredential();
  const revokeSecret = useRevokeServiceSecret();
  const revokeCredential = useRevokeServiceCredential();
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<Issued | null>(null);
  const secretRevocation = useConfirmedAction((target: { credential: ServiceCredential; secret: ServiceSecret }) => revokeSecret.mutateAsync(target), {
    success: t('serviceCredentials.secretRevoked'),
    failure: t('serviceCredentials.revokeFailed'),
  });
  const credentialRevocation = useConfirmedAction((credential: ServiceCredential) => revokeCredential.mutateAsync(credential), {
    success: t('serviceCredentials.credentialRevoked'),
    failure: t('serviceCredentials.revokeFailed'),
  });

  if (credentials.isError) throw credentials.error;
  const formatTime = (iso: string) => new Date(iso).toLocaleString(language);

  async function rotateSecret(credential: ServiceCredential) {
    try {
      const answer = await rotate.mutateAsync(credential);
      setIssued({ name: credential.name, secret: answer.secret });
    } catch (error) {
      toastOnError(t('serviceCredentials.rotateFailed'))(error);
    }
  }

  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md" gap="sm">
        <Text size="sm" c="dimmed" flex="1 1 240px">
          {t('serviceCredentials.description')}
        </Text>
        <PermissionTooltip allowed={allowed}>
          <Button disabled={!allowed} onClick={() => setCreating(true)}>
            {t('serviceCredentials.create')}
          </Button>
        </PermissionTooltip>
      </Group>
      {credentials.isPending ? (
        <TableSkeleton rows={3} columns={7} />
      ) : (
        <ScrollArea type="auto" offsetScrollbars="x">
          <DataTable
            aria-label={t('serviceCredentials.title')}
            miw={TABLE_MIN_WIDTH}
            verticalSpacing="sm"
            columns={[
              { label: t('serviceCredentials.name') },
              { label: t('serviceCredentials.scopes') },
              { label: t('serviceCredentials.secrets') },
              { label: t('serviceCredentials.createdAt') },
              { label: t('serviceCredentials.lastUsed') },
              { label: t('serviceCredentials.state'), w: 90 },
              { label: t('systemAdmin.actions'), labelHidden: true },
            ]}
            rows={credentials.data}
            empty={t('serviceCredentials.empty')}
            renderRow={(credential) => {
              const active = credential.state === 'active';
              return (
                <Table.Tr key={credential.id} data-testid="service-credential-row" data-name={credential.name}>
                  <Table.Td maw={200}>
                    <TruncatedText>{credential.name}</TruncatedText>
                    <Text size="xs" c="dimmed">
                      {PRODUCTS.find((p) => p.key === credential.product)?.name ?? credential.product}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      {credential.scopes.map((scope) => (
                        <Code key={scope}>{scope}</Code>
                      ))}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      {credential.secrets.map((secret) => (
                        <Group key={secret.id} gap="xs" wrap="nowrap" data-testid="service-secret" data-active={secret.active}>
                          <Code c={secret.active ? undefined : 'dimmed'} td={secret.active ? undefined : 'line-through'}>
                            {secret.prefix}…
                          </Code>
                          {secret.active && (
                            <PermissionTooltip allowed={allowed}>
                              <Button
                                size="compact-xs"
                                variant="subtle"
                                color="red"
                                disabled={!allowed}
                                onClick={() => secretRevocation.request({ credential, secret })}
                                aria-label={`${t('serviceCredentials.revokeSecret')}: ${secret.prefix}`}
                              >
                                {t('serviceCredentials.revokeSecret')}
                              </Button>
                            </PermissionTooltip>
                          )}
                        </Group>
                      ))}
                    </Stack>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(credential.createdAt)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {credential.lastUsedAt ? (
                      <>
                        <Text size="sm">{formatTime(credential.lastUsedAt)}</Text>
                        <Text size="xs" c="dimmed">
                          {credential.lastUsedIp}
                        </Text>
                      </>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('serviceCredentials.neverUsed')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={active ? 'teal' : 'gray'}>
                      {active ? t('serviceCredentials.active') : t('serviceCredentials.revoked')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {active && (
                      <Group gap="xs" wrap="nowrap">
                        <PermissionTooltip allowed={allowed}>
                          <Button
                            size="xs"
                            variant="default"
                            disabled={!allowed}
                            loading={rotate.isPending && rotate.variables.id === credential.id}
                            onClick={() => void rotateSecret(credential)}
                            aria-label={`${t('serviceCredentials.rotate')}: ${credential.name}`}
                          >
                            {t('serviceCredentials.rotate')}
                          </Button>
                        </PermissionTooltip>
                        <PermissionTooltip allowed={allowed}>
                          <Button
                            size="xs"
                            variant="default"
                            color="red"
                            disabled={!allowed}
                            onClick={() => credentialRevocation.request(credential)}
                            aria-label={`${t('serviceCredentials.revokeCredential')}: ${credential.name}`}
                          >
                            {t('serviceCredentials.revokeCredential')}
                          </Button>
                        </PermissionTooltip>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            }}
          />
        </ScrollArea>
      )}
      <CreateDialog opened={creating} onClose={() => setCreating(false)} onCreated={(next) => setIssued(next)} />
      <SecretDialog title={t('serviceCredentials.secretTitle', { name: issued?.name ?? '' })} secret={issued?.secret ?? null} onClose={() => setIssued(null)} />
      <ConfirmDialog
        {...secretRevocation.dialog}
        danger
        title={t('serviceCredentials.revokeSecret')}
        confirmLabel={t('serviceCredentials.revokeSecretConfirm')}
      >
        {secretRevocation.target
          ? t('serviceCredentials.revokeSecretMessage', { prefix: secretRevocation.target.secret.prefix, name: secretRevocation.target.credential.name })
          : ''}
      </ConfirmDialog>
      <ConfirmDialog
        {...credentialRevocation.dialog}
        danger
        title={t('serviceCredentials.revokeCredential')}
        confirmLabel={t('serviceCredentials.revokeCredentialConfirm')}
      >
        {credentialRevocation.target ? t('serviceCredentials.revokeCredentialMessage', { name: credentialRevocation.target.name }) : ''}
      </ConfirmDialog>
    </Paper>
  );
}

/** 作成: name, product and scopes; the new secret goes to the secret dialog. */
function CreateDialog({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (issued: Issued) => void }) {
  const { t } = useTranslation();
  const create = useCreateServiceCredential();
  const [name, setName] = useState('');
  const [product, setProduct] = useState<ProductKey>(PRODUCTS[0].key);
  const [scopes, setScopes] = useState<ServiceScope[]>(['session:introspect']);
  useEffect(() => {
    if (!opened) return;
    setName('');
    setScopes(['session:introspect']);
  }, [opened]);
  const valid = isNonEmptyName(name) && scopes.length > 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || create.isPending) return;
    try {
      const answer = await create.mutateAsync({ name: name.trim(), product, scopes });
      onClose();
      onCreated({ name: answer.credential.name, secret: answer.secret });
    } catch (error) {
      toastOnError(t('serviceCredentials.createFailed'))(error);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('serviceCredentials.create')} centered styles={{ content: { maxWidth: CONFIRM_DIALOG_MAX_WIDTH } }}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('serviceCredentials.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
            maxLength={NAME_MAX_LENGTH}
          />
          <NativeSelect
            label={t('serviceCredentials.product')}
            value={product}
            onChange={(e) => setProduct(e.currentTarget.value as ProductKey)}
            data={PRODUCTS.map((p) => ({ value: p.key, label: p.name }))}
          />
          <Checkbox.Group label={t('serviceCredentials.scopes')} value={scopes} onChange={setScopes}>
            <Stack gap="xs" mt="xs">
              {SERVICE_SCOPES.map((scope) => (
                <Checkbox key={scope} value={scope} label={scope} />
              ))}
            </Stack>
          </Checkbox.Group>
          <DialogFormButtons submitLabel={t('serviceCredentials.createSubmit')} canSubmit={valid} loading={create.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
