/**
 * Roles (docs/product-rules.md#roles): preset organization and project roles, defaults for the invite dialog.
 */

export const ADMIN_ROLE_KEY = 'admin';
export const MEMBER_ROLE_KEY = 'member';
/** Preferred default project role of the invite dialog (docs/product-rules.md#roles), when a project has one. */
const SUPERVISOR_ROLE_KEY = 'supervisor';

type PresetRoleKey = typeof ADMIN_ROLE_KEY | typeof MEMBER_ROLE_KEY;
/** A preset key or a custom one. (`string & {}` keeps editor completion for the presets.) */
type RoleKey = PresetRoleKey | (string & {});

export interface RoleDefinition {
  readonly key: RoleKey;
  readonly name: string;
  readonly description: string;
}

export const PRESET_ORGANIZATION_ROLES: readonly RoleDefinition[] = /* @__PURE__ */ Object.freeze([
  Object.freeze({ key: ADMIN_ROLE_KEY, name: '管理者', description: '組織を管理・設定できます' }),
  Object.freeze({ key: MEMBER_ROLE_KEY, name: 'メンバー', description: '組織を閲覧できます' }),
]);

export const PRESET_PROJECT_ROLES: readonly RoleDefinition[] = /* @__PURE__ */ Object.freeze([
  Object.freeze({ key: ADMIN_ROLE_KEY, name: '管理者', description: 'プロジェクトを管理・設定できます' }),
  Object.freeze({ key: MEMBER_ROLE_KEY, name: 'メンバー', description: 'プロジェクトを閲覧・利用できます' }),
]);

/** A missing description becomes an empty string (docs/product-rules.md#roles). */
export function normalizeRoleDescription(description: string | null | undefined): string {
  return description ?? '';
}

/** True for the admin role key ('admin'). */
export function isAdminRoleKey(key: string | null | undefined): boolean {
  return key === ADMIN_ROLE_KEY;
}

/** Default organization role of the invite dialog: the admin role, else the first (docs/product-rules.md#roles). */
export function pickDefaultOrganizationRole<R extends { key: string }>(roles: readonly R[]): R | undefined {
  return roles.find((r) => r.key === ADMIN_ROLE_KEY) ?? roles[0];
}

/** Default project role of the invite dialog: the supervisor role, else the first (docs/product-rules.md#roles). */
export function pickDefaultProjectRole<R extends { key: string }>(roles: readonly R[]): R | undefined {
  return roles.find((r) => r.key === SUPERVISOR_ROLE_KEY) ?? roles[0];
}
