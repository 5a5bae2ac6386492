import { Navigate, Outlet } from 'react-router';
import { useCurrentAccount } from '@/app/auth-state';
import { paths } from '@/config/paths';

/** Admin group (inside the private group): non-admins go to /projects (spec §6). */
export function AdminLayout() {
  const account = useCurrentAccount();
  if (!account.isSystemAdmin) return <Navigate to={paths.projects.list.getHref()} replace />;
  return <Outlet />;
}
