import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useCurrentAccount } from '@/features/account';
import { resolveLatestProjectId } from '@/features/projects';
import { getLatestProjectId } from '@/lib/storage';

/** /projects/latest (docs/product-rules.md#routes). */
export function Component() {
  const account = useCurrentAccount();
  const projectId = resolveLatestProjectId(getLatestProjectId(), account);
  return <Navigate to={projectId ? paths.projects.detail.getHref(projectId) : paths.projects.list.getHref()} replace />;
}
