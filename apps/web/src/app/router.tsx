import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '@/components/error-screen';
import { trackPending } from '@/components/pending-indicator';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { NotFoundRoute } from '@/routes/not-found';
import { PublicLayout } from '@/routes/public/layout';
import { Component as LoginPage } from '@/routes/public/login';
import { RootLayout } from './root-layout';

/** What a lazily loaded route keeps in its `handle`: the start of its module's load. */
interface LazyRouteHandle {
  preload: () => Promise<unknown>;
}

/**
 * Route modules are loaded on demand (but the sign-in page, where most visits start); each exports
 * `Component`. A module's load is started once, by the first of: AppRoutes, which starts the loads
 * of every route a location matches together (a layout and its page load side by side), or React
 * rendering the route.
 */
function page(load: () => Promise<{ Component: ComponentType }>): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => (loading ??= trackPending(load().then((module) => ({ default: module.Component }))));
  const Page = lazy(preload);
  const handle: LazyRouteHandle = { preload };
  return { element: <Page />, handle };
}

const relative = (path: string) => path.replace(/^\//, '');

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <Navigate to={paths.auth.login.getHref()} replace /> },
      { path: relative(paths.resetPassword.path), ...page(() => import('@/routes/reset-password')) },
      {
        element: <PublicLayout />,
        children: [
          { path: relative(paths.auth.login.path), element: <LoginPage /> },
          { path: relative(paths.auth.signUp.path), ...page(() => import('@/routes/public/sign-up')) },
          { path: relative(paths.auth.forgotPassword.path), ...page(() => import('@/routes/public/forgot-password')) },
          { path: relative(paths.auth.sso.path), ...page(() => import('@/routes/public/sso')) },
        ],
      },
      {
        // The signed-in pages' layouts load with the first of them: the public pages need neither.
        ...page(() => import('@/routes/private/layout').then((module) => ({ Component: module.PrivateLayout }))),
        children: [
          { path: relative(paths.logout.path), ...page(() => import('@/routes/private/logout')) },
          {
            path: relative(paths.account.root.path),
            ...page(() => import('@/routes/private/account/layout')),
            children: [
              { index: true, element: <Navigate to={paths.account.profile.getHref()} replace /> },
              { path: 'profile', ...page(() => import('@/routes/private/account/profile')) },
              { path: 'authentication', ...page(() => import('@/routes/private/account/authentication')) },
              { path: 'sessions', ...page(() => import('@/routes/private/account/sessions')) },
            ],
          },
          { path: relative(paths.invitation.path), ...page(() => import('@/routes/private/invitations/invitation')) },
          {
            path: 'projects',
            children: [
              { index: true, ...page(() => import('@/routes/private/projects/list')) },
              { path: 'latest', ...page(() => import('@/routes/private/projects/latest')) },
              { path: ':projectId', ...page(() => import('@/routes/private/projects/project-layout')) },
            ],
          },
          {
            path: relative(paths.organizationSettings.root.path),
            ...page(() => import('@/routes/private/organization-settings/layout')),
            children: [
              { index: true, element: <Navigate to="general" replace /> },
              { path: 'general', ...page(() => import('@/routes/private/organization-settings/general')) },
              { path: 'members', ...page(() => import('@/routes/private/organization-settings/members')) },
              { path: 'roles', ...page(() => import('@/routes/private/organization-settings/roles')) },
              { path: 'karteMapping', ...page(() => import('@/routes/private/organization-settings/karte-mapping')) },
              { path: 'domains', ...page(() => import('@/routes/private/organization-settings/domains')) },
              { path: 'security', ...page(() => import('@/routes/private/organization-settings/security')) },
              { path: 'sso', ...page(() => import('@/routes/private/organization-settings/sso')) },
              { path: 'joinRequests', ...page(() => import('@/routes/private/organization-settings/join-requests')) },
              { path: 'auditLog', ...page(() => import('@/routes/private/organization-settings/audit-log')) },
              { path: 'projects/:projectId', ...page(() => import('@/routes/private/organization-settings/project')) },
            ],
          },
          {
            ...page(() => import('@/routes/admin/layout').then((module) => ({ Component: module.AdminLayout }))),
            children: [
              {
                path: relative(paths.systemAdmin.root.path),
                ...page(() => import('@/routes/admin/system-admin')),
                children: [
                  { index: true, element: <Navigate to={paths.systemAdmin.members.getHref()} replace /> },
                  { path: 'members', ...page(() => import('@/routes/admin/members')) },
                  { path: 'orgs-and-projects', ...page(() => import('@/routes/admin/orgs-and-projects')) },
                  { path: 'audit-log', ...page(() => import('@/routes/admin/audit-log')) },
                  { path: 'domains', ...page(() => import('@/routes/admin/domains')) },
                  { path: 'sso', ...page(() => import('@/routes/admin/sso-connections')) },
                  { path: 'deleted-organizations', ...page(() => import('@/routes/admin/deleted-organizations')) },
                  { path: 'service-credentials', ...page(() => import('@/routes/admin/service-credentials')) },
                  { path: 'webhooks', ...page(() => import('@/routes/admin/webhooks')) },
                  { path: '*', element: <Navigate to={paths.systemAdmin.members.getHref()} replace /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

function isLazyRouteHandle(handle: unknown): handle is LazyRouteHandle {
  return typeof handle === 'object' && handle !== null && 'preload' in handle;
}

function MatchedRoutes() {
  const location = useLocation();
  for (const { route } of matchRoutes(routes, location) ?? []) {
    if (isLazyRouteHandle(route.handle)) void route.handle.preload();
  }
  return useRoutes(routes, location);
}

/**
 * The console's pages (inside a BrowserRouter, whose navigations are transitions: the page shown
 * stays until the next one's modules have loaded). An error while rendering a page shows the error
 * screen until the location changes.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={<Spinner />}>
        <MatchedRoutes />
      </Suspense>
    </RouteErrorBoundary>
  );
}
