import { Input, Modal, Stack, Text } from '@mantine/core';
import { MEMBER_ROLE_KEY } from '@console/domain';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { DialogFormButtons } from '@/components/dialog-form-buttons';
import { SelectorIcon } from '@/components/icons';
import { toast, toastWriteFailure } from '@/components/toasts';
import { useSetJoinPolicy, type JoinPolicyInput, type OrganizationDomain } from '@/features/organizations';
import { useTranslation } from '@/lib/i18n';
import '@/locales/ja/domains';

const JOIN_POLICY_DIALOG_WIDTH = 480;
const MODES = ['off', 'automatic', 'request'] as const;

interface RoleOption {
  id: string;
  key: string;
  name: string;
}

export interface JoinPolicyDialogProps {
  opened: boolean;
  onClose: () => void;
  domain: OrganizationDomain;
  organizationRoles: readonly RoleOption[];
  projects: readonly { id: string; name: string; roles: readonly RoleOption[] }[];
}

/**
 * A domain's join policy (docs/product-rules.md#auto-join): off, automatic join or join requests,
 * with the organization role and the optional project roles a joining person gets.
 */
export function JoinPolicyDialog({ opened, onClose, domain, organizationRoles, projects }: JoinPolicyDialogProps) {
  const { t } = useTranslation();
  const save = useSetJoinPolicy();
  const [mode, setMode] = useState<JoinPolicyInput['mode']>('off');
  const [roleId, setRoleId] = useState<string | null>(null);
  const [projectRoles, setProjectRoles] = useState<Record<string, string | null>>({});

  useEffect(() => {
    if (!opened) return;
    const policy = domain.joinPolicy;
    setMode(policy.mode);
    setRoleId(policy.roleId ?? organizationRoles.find((r) => r.key === MEMBER_ROLE_KEY)?.id ?? organizationRoles[0]?.id ?? null);
    setProjectRoles(Object.fromEntries(policy.projects.map((p) => [p.projectId, p.roleId])));
  }, [opened, domain.joinPolicy, organizationRoles]);

  const ready = mode === 'off' || roleId !== null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || save.isPending) return;
    const chosen = Object.entries(projectRoles).flatMap(([projectId, projectRoleId]) => (projectRoleId ? [{ projectId, roleId: projectRoleId }] : []));
    save.mutate(
      { organizationId: domain.organizationId, domainId: domain.id, mode, ...(mode === 'off' ? {} : { roleId, projects: chosen }) },
      {
        onSuccess: () => {
          toast.success(t('organizationSettings.updated'));
          onClose();
        },
        onError: (error) => toastWriteFailure(t('organizationSettings.updateFailed'), error),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`${t('domains.joinPolicy')}: ${domain.displayDomain}`} size={JOIN_POLICY_DIALOG_WIDTH} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <ChoiceSelect
            label={t('domains.joinPolicy')}
            options={MODES.map((m) => ({ value: m, label: t(`domains.joinModes.${m}`) }))}
            value={mode}
            onChange={(value) => setMode(MODES.find((m) => m === value) ?? 'off')}
          />
          {mode !== 'off' && (
            <>
              <ChoiceSelect
                label={t('invite.organizationRole')}
                options={organizationRoles.map((r) => ({ value: r.id, label: r.name }))}
                value={roleId ?? ''}
                onChange={setRoleId}
              />
              {projects.length > 0 && (
                <Stack gap="xs">
                  <Text size="sm" fw={500}>
                    {t('invite.projectRole')}
                  </Text>
                  {projects.map((project) => (
                    <ChoiceSelect
                      key={project.id}
                      label={project.name}
                      options={[{ value: '', label: t('common.notSet') }, ...project.roles.map((r) => ({ value: r.id, label: r.name }))]}
                      value={projectRoles[project.id] ?? ''}
                      onChange={(value) => setProjectRoles((current) => ({ ...current, [project.id]: value === '' ? null : value }))}
                    />
                  ))}
                </Stack>
              )}
            </>
          )}
          <DialogFormButtons submitLabel={t('common.save')} canSubmit={ready} loading={save.isPending} onCancel={onClose} mt="sm" />
        </Stack>
      </form>
    </Modal>
  );
}

/** A labelled choice among a few options: the browser's own select (keyboard and screen readers as the platform has them). */
function ChoiceSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <Input.Wrapper id={id} label={label}>
      <Input
        id={id}
        component="select"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        rightSection={<SelectorIcon size={14} />}
        rightSectionPointerEvents="none"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Input>
    </Input.Wrapper>
  );
}
