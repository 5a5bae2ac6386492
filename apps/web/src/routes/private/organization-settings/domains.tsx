import { ActionIcon, Alert, Button, Code, CopyButton, Group, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { Actions, isErrorCode } from '@console/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CheckIcon, Svg } from '@/components/icons';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { Spinner } from '@/components/spinner';
import { toast, toastOnError } from '@/components/toasts';
import { usePermissions } from '@/features/account';
import {
  DomainStateBadge,
  OrganizationSettingsPage,
  useAddOrganizationDomain,
  useOrganizationDomains,
  useOrganizationSettings,
  useRemoveOrganizationDomain,
  useVerifyOrganizationDomain,
  type OrganizationDomain,
} from '@/features/organizations';
import { useOrganizationProjects } from '@/features/projects';
import { isApiError } from '@/lib/api-error';
import '@/locales/ja/domains';
import { JoinPolicyDialog, type JoinPolicyDialogProps } from './join-policy-dialog';

/**
 * /organizations/{id}/settings/domains: the organization's domains, the TXT record each needs and
 * its verification (docs/product-rules.md#verified-domains). Members see them; admins add, verify and remove.
 */
export function Component() {
  const { t } = useTranslation();
  const { organization } = useOrganizationSettings();
  const can = usePermissions(organization);
  const mayManage = can(Actions.OrganizationManageDomains);
  const domains = useOrganizationDomains(organization.id);
  const projects = useOrganizationProjects(organization.id);
  const roles = { organizationRoles: organization.roles, projects: projects.data ?? [] };
  const add = useAddOrganizationDomain();
  const [name, setName] = useState('');
  const [addError, setAddError] = useState<string | undefined>();

  if (domains.isError) throw domains.error;

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    setAddError(undefined);
    add.mutate(
      { organizationId: organization.id, domain: name },
      {
        onSuccess: () => {
          setName('');
          toast.success(t('domains.added'));
        },
        onError: (error) => {
          if (isApiError(error) && error.isProductError && isErrorCode(error.errorCode) && error.status < 500) setAddError(t(`errors.${error.errorCode}`));
          else toastOnError(t('domains.addFailed'))(error);
        },
      },
    );
  };

  return (
    <OrganizationSettingsPage title={t('organizationSettings.domains')} maw={900}>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t('domains.description')}
        </Text>
        <form onSubmit={onAdd}>
          <Group align="flex-start" gap="sm">
            <TextInput
              label={t('domains.addLabel')}
              placeholder={t('domains.addPlaceholder')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={addError}
              disabled={!mayManage}
              style={{ flex: 1, minWidth: 200, maxWidth: 400 }}
              data-testid="domain-input"
            />
            <PermissionTooltip allowed={mayManage}>
              <Button type="submit" mt={25} disabled={!mayManage || name.trim() === ''} loading={add.isPending}>
                {t('domains.add')}
              </Button>
            </PermissionTooltip>
          </Group>
        </form>
        {domains.isPending ? (
          <Spinner />
        ) : domains.data.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="domains-empty">
            {t('domains.empty')}
          </Text>
        ) : (
          <Stack gap="md" data-testid="domains">
            {domains.data.map((domain) => (
              <DomainCard key={domain.id} domain={domain} mayManage={mayManage} roles={roles} />
            ))}
          </Stack>
        )}
      </Stack>
    </OrganizationSettingsPage>
  );
}

type PolicyRoles = Pick<JoinPolicyDialogProps, 'organizationRoles' | 'projects'>;

function DomainCard({ domain, mayManage, roles }: { domain: OrganizationDomain; mayManage: boolean; roles: PolicyRoles }) {
  const { t, language } = useTranslation();
  const verify = useVerifyOrganizationDomain();
  const remove = useRemoveOrganizationDomain();
  const [confirming, setConfirming] = useState(false);
  const [editingPolicy, setEditingPolicy] = useState(false);
  const ids = { organizationId: domain.organizationId, domainId: domain.id };
  const onVerify = () =>
    verify.mutate(ids, {
      onSuccess: (checked) => {
        if (checked.state === 'verified') toast.success(t('domains.verified', { domain: checked.displayDomain }));
      },
      onError: toastOnError(t('domains.checkFailed')),
    });

  return (
    <Paper withBorder p="md" radius="md" data-testid="domain" data-domain={domain.domain}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ wordBreak: 'break-all' }}>
              {domain.displayDomain}
            </Text>
            {domain.displayDomain !== domain.domain && (
              <Text size="xs" c="dimmed">
                {domain.domain}
              </Text>
            )}
            <DomainStateBadge state={domain.state} />
          </Group>
          <Group gap="xs">
            <PermissionTooltip allowed={mayManage}>
              <Button size="xs" variant="default" onClick={onVerify} loading={verify.isPending} disabled={!mayManage}>
                {domain.state === 'pending' ? t('domains.verify') : t('domains.recheck')}
              </Button>
            </PermissionTooltip>
            <PermissionTooltip allowed={mayManage}>
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)} disabled={!mayManage}>
                {t('domains.remove')}
              </Button>
            </PermissionTooltip>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {t('domains.lastChecked')}: {domain.lastCheckedAt ? new Date(domain.lastCheckedAt).toLocaleString(language) : t('domains.notChecked')}
          {domain.verifiedBy ? ` · ${t(`domains.verifiedBy.${domain.verifiedBy}`)}` : ''}
        </Text>
        {domain.lastError && (
          <Alert color={domain.state === 'verified' ? 'yellow' : 'red'} variant="light" data-testid="domain-error">
            {t(`domains.failures.${domain.lastError}`)}
          </Alert>
        )}
        <JoinPolicySummary domain={domain} roles={roles} mayManage={mayManage} onEdit={() => setEditingPolicy(true)} />
        {domain.state !== 'verified' && (
          <Stack gap={6}>
            <Text size="sm">{t('domains.recordIntro')}</Text>
            <RecordLine label={t('domains.recordName')} value={domain.recordName} />
            <RecordLine label={t('domains.recordValue')} value={domain.recordValue} />
          </Stack>
        )}
      </Stack>
      <JoinPolicyDialog opened={editingPolicy} onClose={() => setEditingPolicy(false)} domain={domain} {...roles} />
      <ConfirmDialog
        opened={confirming}
        title={t('domains.removeTitle')}
        confirmLabel={t('domains.remove')}
        danger
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(ids, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('domains.removed'));
            },
            onError: toastOnError(t('domains.removeFailed')),
          })
        }
      >
        {t('domains.removeConfirm', { domain: domain.displayDomain })}
      </ConfirmDialog>
    </Paper>
  );
}

/** The domain's join policy in a line (mode, roles, projects), with the button that changes it. */
function JoinPolicySummary({ domain, roles, mayManage, onEdit }: { domain: OrganizationDomain; roles: PolicyRoles; mayManage: boolean; onEdit: () => void }) {
  const { t } = useTranslation();
  const policy = domain.joinPolicy;
  const mode = t(`domains.joinModes.${policy.mode}`);
  const roleName = roles.organizationRoles.find((r) => r.id === policy.roleId)?.name ?? '—';
  const projectNames = policy.projects.map((p) => {
    const project = roles.projects.find((candidate) => candidate.id === p.projectId);
    return `${project?.name ?? p.projectId} (${project?.roles.find((r) => r.id === p.roleId)?.name ?? '—'})`;
  });
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" data-testid="join-policy">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm">
          <Text span fw={600}>
            {t('domains.joinPolicy')}:
          </Text>{' '}
          <span data-testid="join-policy-mode">{policy.mode === 'off' ? mode : `${mode} (${roleName})`}</span>
        </Text>
        {projectNames.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('organizationSettings.projects')}: {projectNames.join(', ')}
          </Text>
        )}
      </Stack>
      <PermissionTooltip allowed={mayManage}>
        <Button size="xs" variant="default" onClick={onEdit} disabled={!mayManage}>
          {t('domains.joinPolicy')}
        </Button>
      </PermissionTooltip>
    </Group>
  );
}

/** Two overlapping sheets: copy to the clipboard (here, not among the shared icons that every page downloads). */
function CopyIcon() {
  return (
    <Svg size={16}>
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </Svg>
  );
}

/** One field of the TXT record, with a button that copies it. */
function RecordLine({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Text size="xs" c="dimmed" w={70} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Code style={{ wordBreak: 'break-all', flex: 1 }} data-testid="record-field">
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('domains.copied') : t('domains.copy')}>
            <ActionIcon variant="subtle" onClick={copy} aria-label={`${t('domains.copy')}: ${label}`}>
              {copied ? <CheckIcon size={16} /> : <CopyIcon />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
