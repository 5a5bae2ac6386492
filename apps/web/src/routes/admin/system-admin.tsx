// Route wiring only: the system-admin screens (members, orgs-and-projects) replace this module.
import { Navigate, useParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';
import { paths } from '@/config/paths';
import { t } from '@/locales';

export function Component() {
  const params = useParams();
  if (!params['*']) return <Navigate to={paths.systemAdmin.members.getHref()} replace />;
  return <PlaceholderPage title={t.placeholders.systemAdmin} detail={params['*']} />;
}
