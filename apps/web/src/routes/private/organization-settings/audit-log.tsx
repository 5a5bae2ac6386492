import { Alert } from '@mantine/core';
import { Actions } from '@console/domain';
import { useMemo } from 'react';
import { displayName } from '@/components/display-name';
import { usePermissions } from '@/features/account';
import { AuditLogView, roleNamesOf } from '@/features/audit-log';
import { OrganizationSettingsPage, useOrganizationMembers, useOrganizationSettings } from '@/features/organizations';
import { useOrganizationProjects } from '@/features/projects';
import { useTranslation } from '@/lib/i18n';

/**
 * /organizations/{id}/settings/auditLog: the organization's audit log, for its admins and system
 * admins; anyone else sees the page disabled with 権限がありません (docs/product-rules.md#permissions).
 */
export function Component() {
  const { t } = useTranslation();
  const { organization } = useOrganizationSettings();
  const can = usePermissions(organization);
  const allowed = can(Actions.OrganizationViewAuditLog);
  const members = useOrganizationMembers(organization.id, { enabled: allowed });
  const projects = useOrganizationProjects(organization.id);
  const roleNames = useMemo(() => roleNamesOf([organization, ...(projects.data ?? [])]), [organization, projects.data]);
  const actorOptions = useMemo(() => (members.data ?? []).map((m) => ({ value: m.id, label: `${displayName(m)} (${m.email})` })), [members.data]);

  return (
    <OrganizationSettingsPage title={t('organizationSettings.auditLog')} maw={1200}>
      {allowed ? (
        <AuditLogView scope={{ kind: 'organization', organizationId: organization.id }} actorOptions={actorOptions} roleNames={roleNames} />
      ) : (
        <Alert color="gray" variant="light" title={t('common.noPermission')} data-testid="audit-log-no-permission" />
      )}
    </OrganizationSettingsPage>
  );
}
