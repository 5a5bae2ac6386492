import { Button, Group, Stack } from '@mantine/core';
import { Actions } from '@console/domain';
import { useMemo, useState } from 'react';
import { useSearchQuery } from '@/components/infinite-list/use-search-query';
import { MemberCount } from '@/components/member-table/member-count';
import { MemberTable } from '@/components/member-table/member-table';
import { projectMemberRows } from '@/components/member-table/member-rows';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { useCurrentAccount, type Can } from '@/features/account';
import { InviteDialog, useCancelInvitation, useInvitationsInProject, useResendInvitation } from '@/features/invitations';
import { useInviteSuggestions, type OrganizationDetail } from '@/features/organizations';
import { chainInfiniteLists } from '@/lib/infinite-list';
import { useTranslation } from '@/lib/i18n';
import { useAssignProjectRole } from '../api/assign-project-role';
import type { ProjectDetail } from '../api/get-project';
import { useProjectMembers } from '../api/get-project-members';
import { useRemoveProjectMember } from '../api/remove-project-member';

/**
 * メンバー: 'N人のメンバー', the invite button and the table of members and invitations (docs/product-rules.md#screens).
 * Project admins (and organization and system admins) invite into this project, with the
 * organization roles the permission rule lets them give (a project admin who is not an
 * organization admin: the member role only; docs/product-rules.md#permissions).
 */
export function ProjectMembersTab({ organization, project, can }: { organization: OrganizationDetail; project: ProjectDetail; can: Can }) {
  const { t } = useTranslation();
  const account = useCurrentAccount();
  const [inviting, setInviting] = useState(false);
  // The search lives in the URL with the screen's tab (`q`).
  const search = useSearchQuery({ param: 'q' });
  const allMembers = useProjectMembers(project, '');
  const members = useProjectMembers(project, search.query);
  const invitations = useInvitationsInProject(project.id, search.query);
  // What is typed in the invite dialog's address field: the organization's members are searched for it.
  const suggestionSearch = useSearchQuery();
  const suggestions = useInviteSuggestions(organization.id, project.id, suggestionSearch.query, { enabled: inviting && can(Actions.OrganizationListMembers) });
  const assign = useAssignProjectRole();
  const remove = useRemoveProjectMember();
  const cancel = useCancelInvitation();
  const resend = useResendInvitation();
  const mayInvite = can(Actions.ProjectInvite);
  const invitableOrganizationRoles = useMemo(
    () => organization.roles.filter((role) => can(Actions.ProjectInvite, { invitedOrganizationRoleKey: role.key })),
    [organization.roles, can],
  );

  const list = chainInfiniteLists(members, invitations, (memberItems, invitationItems) => projectMemberRows(project.id, memberItems, invitationItems));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <MemberCount members={allMembers} />
        <PermissionTooltip allowed={mayInvite}>
          <Button onClick={() => setInviting(true)} disabled={!mayInvite}>
            {t('projectSettings.invite')}
          </Button>
        </PermissionTooltip>
      </Group>
      <MemberTable
        list={list}
        search={search}
        roles={project.roles}
        currentAccountId={account.id}
        canAssignRole={(accountId) => can(Actions.ProjectAssignRole, { targetAccountId: accountId })}
        canRemove={(accountId) => can(Actions.ProjectRemoveMember, { targetAccountId: accountId })}
        canCancelInvitation={can(Actions.InvitationCancel)}
        onAssignRole={(accountId, roleId) => assign.mutateAsync({ accountId, organizationId: organization.id, props: { projectId: project.id, roleId } })}
        onRemove={(accountId) => remove.mutateAsync({ organizationId: organization.id, projectId: project.id, accountId })}
        onCancelInvitation={(invitationId) => cancel.mutateAsync(invitationId)}
        onResendInvitation={(invitationId) => resend.mutateAsync(invitationId)}
      />
      <InviteDialog
        opened={inviting}
        onClose={() => {
          setInviting(false);
          suggestionSearch.setInput('');
        }}
        organization={{ id: organization.id, roles: invitableOrganizationRoles }}
        project={project}
        suggestions={suggestions.data ?? []}
        onSearchChange={suggestionSearch.setInput}
      />
    </Stack>
  );
}
