// The styles of the Mantine components the signed-in pages use besides those of main.tsx (and the
// toasts', app/notifications.ts), in the order of Mantine's full stylesheet; not that stylesheet,
// which would repeat main.tsx's and add every other component's (20 KB gzip more). `pnpm
// check:budgets` fails when a page uses a component whose styles are missing.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
import { Box } from '@mantine/core';
import { matchPath, Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { ErrorScreen } from '@/components/error-screen';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useAuthState } from '@/features/auth';
import { parseInvitationParam, parsePageParam } from '@/lib/search-params';
import { MfaRequiredRedirect } from './mfa-required-redirect';
import { SsoRequiredRedirect, ssoRequiredLogin } from './sso-required-redirect';
import { SystemAdminBanner } from './system-admin-banner';

/**
 * Where an unauthenticated visitor of a private route goes (docs/product-rules.md#routes): with an invitation
 * (the /invitations/{id} path or the `invitation` search value) to /sign-up when page=sign-up,
 * else /login, carrying invitation and page; without one to /login — with the address and the reason
 * for a person just signed out because their organization requires single sign-on.
 */
function unauthenticatedRedirect(pathname: string, search: URLSearchParams): string {
  const ssoLogin = ssoRequiredLogin();
  if (ssoLogin !== undefined) return ssoLogin;
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
      <MfaRequiredRedirect />
      <SsoRequiredRedirect />
      <Box style={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
