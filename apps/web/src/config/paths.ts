import { APP_BASE_PATH } from '@console/domain';

type Search = Record<string, string | null | undefined>;

function withSearch(path: string, search?: Search): string {
  if (!search) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, value);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

const enc = encodeURIComponent;

/** Search values carried between the sign-in screens (docs/product-rules.md#routes). */
export interface AuthSearch {
  invitation?: string | undefined;
  page?: string | undefined;
  /** `sso=required`: led here by an organization that requires single sign-on, with the address to sign in with (docs/product-rules.md#single-sign-on). */
  sso?: 'required' | undefined;
  email?: string | undefined;
}

/**
 * Typed route paths, relative to the router's basename (/auth), as in bulletproof-react's
 * src/config/paths.ts. `path` is the route pattern; `getHref` builds a link.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  resetPassword: { path: '/reset-password', getHref: (search?: { oobCode?: string }) => withSearch('/reset-password', search) },
  auth: {
    login: { path: '/login', getHref: (search?: AuthSearch) => withSearch('/login', { ...search }) },
    signUp: { path: '/sign-up', getHref: (search?: AuthSearch) => withSearch('/sign-up', { ...search }) },
    forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
    /** Where a single sign-on comes back to, its code or error code in the fragment (the domain's SSO_COMPLETION_PATH, test/unit checks they agree). */
    sso: { path: '/sso', getHref: () => '/sso' },
  },
  logout: { path: '/logout', getHref: () => '/logout' },
  account: {
    root: { path: '/account', getHref: () => '/account' },
    profile: { path: '/account/profile', getHref: () => '/account/profile' },
    authentication: {
      path: '/account/authentication',
      /** `mfa=required` with `returnTo`: led here by an organization that requires a second factor (docs/product-rules.md#multi-factor-authentication). */
      getHref: (search?: { mfa?: 'required'; returnTo?: string }) => withSearch('/account/authentication', search),
    },
    sessions: { path: '/account/sessions', getHref: () => '/account/sessions' },
  },
  invitation: {
    path: '/invitations/:invitationId',
    getHref: (invitationId: string, search?: { page?: string }) => withSearch(`/invitations/${enc(invitationId)}`, search),
  },
  projects: {
    list: { path: '/projects', getHref: () => '/projects' },
    latest: { path: '/projects/latest', getHref: () => '/projects/latest' },
    detail: { path: '/projects/:projectId', getHref: (projectId: string) => `/projects/${enc(projectId)}` },
  },
  organizationSettings: {
    root: { path: '/organizations/:organizationId/settings', getHref: (organizationId: string) => `/organizations/${enc(organizationId)}/settings` },
    general: {
      path: '/organizations/:organizationId/settings/general',
      getHref: (organizationId: string) => `/organizations/${enc(organizationId)}/settings/general`,
    },
    members: {
      path: '/organizations/:organizationId/settings/members',
      getHref: (organizationId: string) => `/organizations/${enc(organizationId)}/settings/members`,
    },
    roles: {
      path: '/organizations/:organizationId/settings/roles',
      getHref: (organizationId: string) => `/organizations/${enc(organizationId)}/settings/roles`,
    },
    karteMapping: {
      path: '/organizations/:organizationId/settings/karteMapping',
      getHref: (organizationId: string) => `/organizations/${enc(organizationId)}/settings/karteMapping`,
    },
    domains: {
      path: '/organizations/:organizationId/settings/domains',
      getHref: (organizationId: string) => `/organizations/${enc(organizationId)}/settings/domains`,
    },
    security: {
      path: '/organizations/:organizationId/settings/security',
      getHref: (organizationId: string) => `/organizations/${enc(organizationId)}/settings/security`,
    },
    sso: {
      path: '/organizations/:organizationId/settings/sso',
      getHref: (organizationId: string) => `/organizations/${enc(organizationId)}/settings/sso`,
    },
    joinRequests: {
      path: '/organizations/:organizationId/settings/joinRequests',
      getHref: (organizationId: string) => `/organizations/${enc(organizationId)}/settings/joinRequests`,
    },
    auditLog: {
      path: '/organizations/:organizationId/settings/auditLog',
      getHref: (organizationId: string) => `/organizations/${enc(organizationId)}/settings/auditLog`,
    },
    project: {
      path: '/organizations/:organizationId/settings/projects/:projectId',
      getHref: (organizationId: string, projectId: string, search?: { view?: string }) =>
        withSearch(`/organizations/${enc(organizationId)}/settings/projects/${enc(projectId)}`, search),
    },
  },
  systemAdmin: {
    root: { path: '/system-admin', getHref: () => '/system-admin' },
    members: { path: '/system-admin/members', getHref: () => '/system-admin/members' },
    orgsAndProjects: { path: '/system-admin/orgs-and-projects', getHref: () => '/system-admin/orgs-and-projects' },
    auditLog: { path: '/system-admin/audit-log', getHref: () => '/system-admin/audit-log' },
    domains: { path: '/system-admin/domains', getHref: () => '/system-admin/domains' },
    ssoConnections: { path: '/system-admin/sso', getHref: () => '/system-admin/sso' },
    deletedOrganizations: { path: '/system-admin/deleted-organizations', getHref: () => '/system-admin/deleted-organizations' },
    serviceCredentials: { path: '/system-admin/service-credentials', getHref: () => '/system-admin/service-credentials' },
    webhooks: { path: '/system-admin/webhooks', getHref: () => '/system-admin/webhooks' },
  },
} as const;

/** An in-app path as an absolute URL path including the base path (for <a href> outside the router). */
export function absolutePath(appPath: string): string {
  return `${APP_BASE_PATH}${appPath === '/' ? '/' : appPath}`;
}

/** Full-page path of a product for a project (docs/product-rules.md#routes): e.g. /knowledge/?projectId=... */
export function productHref(productPath: string, projectId: string): string {
  const base = productPath.endsWith('/') ? productPath : `${productPath}/`;
  return `${base}?projectId=${enc(projectId)}`;
}
