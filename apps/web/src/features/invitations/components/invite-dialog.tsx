import { Modal, Select, Stack } from '@mantine/core';
import { pickDefaultOrganizationRole, pickDefaultProjectRole } from '@console/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { DialogFormButtons } from '@/components/dialog-form-buttons';
import { refusalReason, toast, toastWriteFailure } from '@/components/toasts';
import { useTranslation } from '@/lib/i18n';
import { AllInvitationsFailedError, useInviteMembers } from '../api/invite-members';
import { EmailTagsInput, type EmailSuggestion } from './email-tags-input';

const INVITE_DIALOG_WIDTH = 400;

interface RoleOption {
  id: string;
  key: string;
  name: string;
}

export interface InviteDialogProps {
  opened: boolean;
  onClose: () => void;
  organization: { id: string; roles: readonly RoleOption[] };
  project: { id: string; name: string; roles: readonly RoleOption[] };
  /** Members of the organization not yet in the project, for the text being typed. */
  suggestions: readonly EmailSuggestion[];
  /** Told the text being typed in the address field. */
  onSearchChange: (text: string) => void;
}

/**
 * '{project name}にメンバーを招待' (docs/product-rules.md#screens, #invitations): e-mail chips, an organization role (default
 * admin, else the first) and a project role (default supervisor, else the first). Success or
 * partial failure closes the dialog; the lists refresh either way.
 */
export function InviteDialog({ opened, onClose, organization, project, suggestions, onSearchChange }: InviteDialogProps) {
  const { t } = useTranslation();
  const [emails, setEmails] = useState<string[]>([]);
  const [organizationRoleId, setOrganizationRoleId] = useState<string | null>(null);
  const [projectRoleId, setProjectRoleId] = useState<string | null>(null);
  const invite = useInviteMembers();

  useEffect(() => {
    if (!opened) return;
    setEmails([]);
    setOrganizationRoleId(pickDefaultOrganizationRole(organization.roles)?.id ?? null);
    setProjectRoleId(pickDefaultProjectRole(project.roles)?.id ?? null);
  }, [opened, organization.roles, project.roles]);

  const ready = emails.length > 0 && organizationRoleId !== null && projectRoleId !== null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!ready || invite.isPending) return;
    invite.mutate(
      { organizationId: organization.id, emails, props: { roleId: organizationRoleId, projects: [{ projectId: project.id, roleId: projectRoleId }] } },
      {
        onSuccess: (result) => {
          if (result.outcome === 'success') toast.success(t('invite.succeeded'));
          else toast.warning(t('invite.partiallyFailed'), t('invite.failedEmails', { emails: result.failedEmails.join(', ') }));
          onClose();
        },
        onError: (error) => {
          console.error(error);
          toastWriteFailure(t('invite.failed'), error, error instanceof AllInvitationsFailedError ? error.message : refusalReason(error));
        },
      },
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('invite.title', { projectName: project.name })} size={INVITE_DIALOG_WIDTH} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <EmailTagsInput
            value={emails}
            onChange={setEmails}
            suggestions={suggestions}
            onSearchChange={onSearchChange}
            label={t('invite.emails')}
            placeholder={t('invite.emailsPlaceholder')}
          />
          <Select
            label={t('invite.organizationRole')}
            data={organization.roles.map((r) => ({ value: r.id, label: r.name }))}
            value={organizationRoleId}
            onChange={setOrganizationRoleId}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label={t('invite.projectRole')}
            data={project.roles.map((r) => ({ value: r.id, label: r.name }))}
            value={projectRoleId}
            onChange={setProjectRoleId}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <DialogFormButtons submitLabel={t('invite.submit')} canSubmit={ready} loading={invite.isPending} onCancel={onClose} mt="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
