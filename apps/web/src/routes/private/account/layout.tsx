import { useLocation } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import { TabbedPageLayout } from '@/routes/private/tabbed-page-layout';
import '@/locales/ja/account';

/** /account: profile, authentication and sessions tabs (docs/product-rules.md#routes). */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('account.title'));
  const location = useLocation();
  const tabs = [
    { value: paths.account.profile.getHref(), label: t('account.profileTab') },
    { value: paths.account.authentication.getHref(), label: t('account.authenticationTab') },
    { value: paths.account.sessions.getHref(), label: t('account.sessionsTab') },
  ];
  const current = tabs.find((tab) => location.pathname === tab.value)?.value ?? paths.account.profile.getHref();
  return (
    <TabbedPageLayout
      size="sm"
      backHref={paths.projects.latest.getHref()}
      backLabel={t('account.backToProjects')}
      title={t('account.title')}
      tabs={tabs}
      current={current}
    />
  );
}
