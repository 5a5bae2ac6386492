import { Navigate } from 'react-router';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useAutoJoin, useCurrentAccount } from '@/features/account';
import { resolveLatestProjectId } from '@/features/projects';
import { getLatestProjectId } from '@/lib/storage';

/**
 * /projects/latest (docs/product-rules.md#routes), where signing in leads: first the automatic join
 * through the address's verified domain (docs/product-rules.md#auto-join), which opens the project
 * joined; otherwise (or when the call fails) the latest project, else the chooser.
 */
export function Component() {
  const account = useCurrentAccount();
  const join = useAutoJoin();
  if (join.isPending || (join.data?.joined.length ?? 0) > 0) return <Spinner />;
  const projectId = resolveLatestProjectId(getLatestProjectId(), account);
  return <Navigate to={projectId ? paths.projects.detail.getHref(projectId) : paths.projects.list.getHref()} replace />;
}
