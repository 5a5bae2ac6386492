// Route wiring only: placeholder for general, members, roles, karteMapping and projects/{projectId}.
import { useLocation, useSearchParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';
import { parseViewParam } from '@/lib/search-params';
import { t } from '@/locales';

export function Component() {
  const location = useLocation();
  const [search] = useSearchParams();
  const isProject = location.pathname.includes('/settings/projects/');
  return <PlaceholderPage title={t.placeholders.organizationSettings} detail={isProject ? `${location.pathname} (${parseViewParam(search.get('view'))})` : location.pathname} />;
}
