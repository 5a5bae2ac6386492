import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import { TabbedPageLayout } from '@/routes/private/tabbed-page-layout';
import '@/locales/ja/system-admin';
import '@/locales/ja/organization-deletion';
import '@/locales/ja/service-credentials';
import '@/locales/ja/webhooks';

/** /system-admin (docs/product-rules.md#routes): members, orgs-and-projects, audit-log, domains, SSO connections, deleted-organizations, service-credentials and webhooks tabs. The index redirects to members. */
export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const tabs = [
    { value: paths.systemAdmin.members.getHref(), label: t('systemAdmin.members') },
    { value: paths.systemAdmin.orgsAndProjects.getHref(), label: t('systemAdmin.orgsAndProjects') },
    { value: paths.systemAdmin.auditLog.getHref(), label: t('systemAdmin.auditLog') },
    { value: paths.systemAdmin.domains.getHref(), label: t('systemAdmin.domains') },
    { value: paths.systemAdmin.ssoConnections.getHref(), label: t('systemAdmin.ssoConnections') },
    { value: paths.systemAdmin.deletedOrganizations.getHref(), label: t('organizationDeletion.deletedTab') },
    { value: paths.systemAdmin.serviceCredentials.getHref(), label: t('serviceCredentials.title') },
    { value: paths.systemAdmin.webhooks.getHref(), label: t('webhooks.title') },
  ];
  const current = tabs.find((tab) => location.pathname.startsWith(tab.value))?.value ?? null;
  return (
    <TabbedPageLayout
      size="lg"
      backHref={paths.projects.list.getHref()}
      backLabel={t('systemAdmin.backToProjects')}
      title={t('systemAdmin.title')}
      tabs={tabs}
      current={current}
      tabsLabel={t('systemAdmin.navLabel')}
    />
  );
}
