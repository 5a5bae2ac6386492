import { Button, Group, Stack, Text } from '@mantine/core';
import { Actions } from '@console/domain';
import { useMemo, useState } from 'react';
import { useCurrentAccount } from '@/app/auth-state';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { useCancelInvitation } from '@/features/invite/api/invitation-actions';
import { useInvitationsInProject } from '@/features/invite/api/get-invitations';
import { InviteDialog } from '@/features/invite/components/invite-dialog';
import type { OrganizationDetail } from '@/features/organization-settings/api/get-organization';
import { useOrganizationMembers } from '@/features/organization-settings/api/get-organization-members';
import { MemberTable } from '@/features/organization-settings/components/member-table';
import { projectMemberRows } from '@/features/organization-settings/member-rows';
import type { Can } from '@/features/organization-settings/permissions';
import { t } from '@/locales';
import { useAssignProjectRole } from '../api/assign-project-role';
import type { ProjectDetail } from '../api/get-project';
import { useProjectMembers } from '../api/get-project-members';
import { useRemoveProjectMember } from '../api/remove-project-member';

/**
 * メンバー: 'N人のメンバー', the invite button and the table of members and invitations (spec §2).
 */
export function ProjectMembersTab({ organization, project, can }: { organization: OrganizationDetail; project: ProjectDetail; can: Can }) {
  const account = useCurrentAccount();
  const [inviting, setInviting] = useState(false);
  const members = useProjectMembers(project.id);
  const invitations = useInvitationsInProject(project.id);
  const mayListOrganizationMembers = can(Actions.OrganizationListMembers);
  const organizationMembers = useOrganizationMembers(organization.id, { enabled: mayListOrganizationMembers });
  const assign = useAssignProjectRole();
  const remove = useRemoveProjectMember();
  const cancel = useCancelInvitation();
  const mayInvite = can(Actions.OrganizationInvite);

  const suggestions = useMemo(() => {
    const inProject = new Set((members.data ?? []).map((m) => m.id));
    return (organizationMembers.data ?? []).filter((m) => !inProject.has(m.id)).map((m) => ({ email: m.email, name: m.name }));
  }, [members.data, organizationMembers.data]);

  if (members.isError) throw members.error;
  if (invitations.isError) throw invitations.error;
  const rows = members.data && invitations.data ? projectMemberRows(project.id, members.data, invitations.data) : undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fw={600} data-testid="member-count">
          {members.data ? t.memberTable.count(members.data.length) : '\u00a0'}
        </Text>
        <PermissionTooltip allowed={mayInvite}>
          <Button onClick={() => setInviting(true)} disabled={!mayInvite}>
            {t.projectSettings.invite}
          </Button>
        </PermissionTooltip>
      </Group>
      <MemberTable
        rows={rows}
        loading={members.isPending || invitations.isPending}
        roles={project.roles}
        currentAccountId={account.id}
        canAssignRole={(accountId) => can(Actions.ProjectAssignRole, { targetAccountId: accountId })}
        canRemove={(accountId) => can(Actions.ProjectRemoveMember, { targetAccountId: accountId })}
        canCancelInvitation={can(Actions.InvitationCancel)}
        onAssignRole={(accountId, roleId) => assign.mutateAsync({ accountId, organizationId: organization.id, props: { projectId: project.id, roleId } })}
        onRemove={(accountId) => remove.mutateAsync({ projectId: project.id, accountId })}
        onCancelInvitation={(invitationId) => cancel.mutateAsync(invitationId)}
      />
      <InviteDialog opened={inviting} onClose={() => setInviting(false)} organization={organization} project={project} suggestions={suggestions} />
    </Stack>
  );
}
