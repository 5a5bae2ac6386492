import { Paper } from '@mantine/core';
import { useMemo } from 'react';
import { displayName } from '@/components/display-name';
import { usePageTitle } from '@/components/page-title';
import { AuditLogView, roleNamesOf } from '@/features/audit-log';
import { useAccounts, useAllOrganizations, useAllProjects } from '@/features/system-admin';
import { useTranslation } from '@/lib/i18n';
import '@/locales/ja/system-admin';

const NO_ORGANIZATIONS: readonly { id: string; name: string }[] = [];

/** /system-admin/audit-log: every organization's audit log, with an organization filter (system admins only). */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(`${t('systemAdmin.auditLog')} - ${t('systemAdmin.title')}`);
  const accounts = useAccounts();
  const organizations = useAllOrganizations();
  const projects = useAllProjects();
  const roleNames = useMemo(() => roleNamesOf([...(organizations.data ?? []), ...(projects.data ?? [])]), [organizations.data, projects.data]);
  const actorOptions = useMemo(() => (accounts.data ?? []).map((a) => ({ value: a.id, label: `${displayName(a)} (${a.email})` })), [accounts.data]);

  return (
    <Paper withBorder radius="md" p="lg">
      <AuditLogView scope={{ kind: 'all' }} actorOptions={actorOptions} organizations={organizations.data ?? NO_ORGANIZATIONS} roleNames={roleNames} />
    </Paper>
  );
}
