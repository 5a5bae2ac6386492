import { Alert } from '@mantine/core';
import { Actions } from '@console/domain';
import { useMemo } from 'react';
import { roleNamesOf } from '@/features/audit-log/audit-format';
import { AuditLogView } from '@/features/audit-log/components/audit-log-view';
import { useOrganizationMembers } from '@/features/organization-settings/api/get-organization-members';
import { displayName } from '@/features/organization-settings/components/member-table';
import { OrganizationSettingsPage } from '@/features/organization-settings/components/settings-page';
import { useOrganizationSettings } from '@/features/organization-settings/context';
import { usePermissions } from '@/features/organization-settings/permissions';
import { useProjectsInAccount } from '@/features/projects/api/get-projects-in-account';
import { t } from '@/locales';

/**
 * /organizations/{id}/settings/auditLog: the organization's audit log, for its admins and system
 * admins; anyone else sees the page disabled with 権限がありません (spec §6).
 */
export function Component() {
  const { organization } = useOrganizationSettings();
  const can = usePermissions(organization);
  const allowed = can(Actions.OrganizationViewAuditLog);
  const members = useOrganizationMembers(organization.id, { enabled: allowed });
  const projects = useProjectsInAccount();
  const roleNames = useMemo(() => roleNamesOf([organization, ...(projects.data ?? []).filter((p) => p.organizationId === organization.id)]), [organization, projects.data]);
  const actorOptions = useMemo(() => (members.data ?? []).map((m) => ({ value: m.id, label: `${displayName(m)} (${m.email})` })), [members.data]);

  return (
    <OrganizationSettingsPage title={t.organizationSettings.auditLog} maw={1200}>
      {allowed ? (
        <AuditLogView scope={{ kind: 'organization', organizationId: organization.id }} actorOptions={actorOptions} roleNames={roleNames} />
      ) : (
        <Alert color="gray" variant="light" title={t.common.noPermission} data-testid="audit-log-no-permission" />
      )}
    </OrganizationSettingsPage>
  );
}
