import { isValidId } from '@console/domain';

/** Validated search values of the routes (docs/product-rules.md#screens). Invalid values are dropped. */

/** `invitation`: an invitation id (21 alphanumerics). */
export function parseInvitationParam(value: string | null): string | undefined {
  return value !== null && isValidId('invitation', value) ? value : undefined;
}

const AUTH_PAGES = ['login', 'sign-up'] as const;
export type AuthPage = (typeof AUTH_PAGES)[number];

/** `page`: which sign-in screen an invited visitor lands on. */
export function parsePageParam(value: string | null): AuthPage | undefined {
  return (AUTH_PAGES as readonly (string | null)[]).includes(value) ? (value as AuthPage) : undefined;
}

/** `oobCode`: the identity provider's one-time code (opaque, URL-safe). */
export function parseOobCodeParam(value: string | null): string | undefined {
  return value !== null && /^[A-Za-z0-9_-]{1,512}$/.test(value) ? value : undefined;
}

export const PROJECT_SETTINGS_VIEWS = ['general', 'members', 'roles', 'productUsageSettings', 'karteMapping'] as const;
export type ProjectSettingsView = (typeof PROJECT_SETTINGS_VIEWS)[number];

/** `view` of the project settings screen; default general. */
export function parseViewParam(value: string | null): ProjectSettingsView {
  return (PROJECT_SETTINGS_VIEWS as readonly (string | null)[]).includes(value) ? (value as ProjectSettingsView) : 'general';
}

export interface AuthSearchValues {
  invitation: string | undefined;
  page: AuthPage | undefined;
  /** Led to the sign-in by an organization that requires single sign-on. */
  ssoRequired: boolean;
  /** The address to sign in with (at most 254 characters). */
  email: string | undefined;
}

export function parseAuthSearch(search: URLSearchParams): AuthSearchValues {
  const email = search.get('email');
  return {
    invitation: parseInvitationParam(search.get('invitation')),
    page: parsePageParam(search.get('page')),
    ssoRequired: search.get('sso') === 'required',
    email: email !== null && email.length <= 254 ? email : undefined,
  };
}

/** `returnTo`: an in-app path to go back to (never another site: one leading slash, no backslash). */
export function parseReturnToParam(value: string | null): string | undefined {
  return value !== null && /^\/(?![/\\])[^\s\\]{0,1000}$/.test(value) ? value : undefined;
}

/** `mfa=required`: the account settings were opened because an organization requires a second factor. */
export function parseMfaRequiredParam(value: string | null): boolean {
  return value === 'required';
}
