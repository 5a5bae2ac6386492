import { Navigate } from 'react-router';
import { useCurrentAccount } from '@/app/auth-state';
import { paths } from '@/config/paths';
import { resolveLatestProjectId } from '@/features/projects/latest-project';
import { getLatestProjectId } from '@/lib/storage';

/** /projects/latest (spec §2). */
export function Component() {
  const account = useCurrentAccount();
  const projectId = resolveLatestProjectId(getLatestProjectId(), account);
  return <Navigate to={projectId ? paths.projects.detail.getHref(projectId) : paths.projects.list.getHref()} replace />;
}
