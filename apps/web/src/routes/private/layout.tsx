// All of Mantine's styles: the public pages load only those of the components they use (main.tsx).
import '@mantine/core/styles.css';
import { Box } from '@mantine/core';
import { matchPath, Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { ErrorScreen } from '@/components/error-screen';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useAuthState } from '@/features/auth';
import { parseInvitationParam, parsePageParam } from '@/lib/search-params';
import { SystemAdminBanner } from './system-admin-banner';

/**
 * Where an unauthenticated visitor of a private route goes (docs/product-rules.md#routes): with an invitation
 * (the /invitations/{id} path or the `invitation` search value) to /sign-up when page=sign-up,
 * else /login, carrying invitation and page; without one to /login.
 */
function unauthenticatedRedirect(pathname: string, search: URLSearchParams): string {
  const match = matchPath(paths.invitation.path, pathname);
  const invitation = parseInvitationParam(match?.params.invitationId ?? null) ?? parseInvitationParam(search.get('invitation'));
  if (!invitation) return paths.auth.login.getHref();
  const page = parsePageParam(search.get('page'));
  return page === 'sign-up' ? paths.auth.signUp.getHref({ invitation, page }) : paths.auth.login.getHref({ invitation, page });
}

/** Private group: authenticated accounts only; the system-admin banner (for system admins) above the page. */
export function PrivateLayout() {
  const state = useAuthState();
  const location = useLocation();
  const [search] = useSearchParams();
  if (state.status === 'initial') return <Spinner />;
  if (state.status === 'unavailable') return <ErrorScreen />;
  if (state.status === 'unAuthenticated') return <Navigate to={unauthenticatedRedirect(location.pathname, search)} replace />;
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SystemAdminBanner />
      <Box style={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
