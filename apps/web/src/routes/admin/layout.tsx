import { Actions } from '@console/domain';
import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { usePermissions } from '@/features/account';

/** Admin group (inside the private group): only system admins enter; anyone else goes to /projects (docs/product-rules.md#permissions). */
export function AdminLayout() {
  const can = usePermissions();
  if (!can(Actions.SystemAdminAccess)) return <Navigate to={paths.projects.list.getHref()} replace />;
  return <Outlet />;
}
