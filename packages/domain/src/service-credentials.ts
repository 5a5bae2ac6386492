/**
 * Service credentials of sibling products (docs/integration.md#credentials-and-scopes): what a
 * credential may be used for (its scopes) and the shape of its secrets.
 */
import { Actions, type Action } from './permissions';

/**
 * The scopes a service credential may hold: `session:introspect` for /session/introspect,
 * `memberships:read` for the membership and entitlement calls (/service/*), `events:receive`
 * for the change events (webhooks to the credential's endpoints, /service/events/list).
 */
export const SERVICE_SCOPES = ['session:introspect', 'memberships:read', 'events:receive'] as const;

export type ServiceScope = (typeof SERVICE_SCOPES)[number];

/** How every secret starts: `csk_<secret id>_<random part>`; the id lets the API find the secret without a scan. */
export const SERVICE_SECRET_PREFIX = 'csk_';

/** Active secrets a credential holds at most: the current one and, while it is rotated, the next. */
export const MAX_ACTIVE_SERVICE_SECRETS = 2;

/** Most accounts one batch membership call takes. */
export const MAX_ACCOUNTS_PER_MEMBERSHIP_BATCH = 100;

/**
 * The actions the membership calls of sibling products report for an account in a project: those
 * that decide() allows it, with its role keys in the project and its organization.
 */
export const ENTITLEMENT_ACTIONS: readonly Action[] = /* @__PURE__ */ Object.freeze([
  Actions.OrganizationView,
  Actions.OrganizationListMembers,
  Actions.OrganizationUpdate,
  Actions.OrganizationInvite,
  Actions.OrganizationRemoveMember,
  Actions.OrganizationAssignRole,
  Actions.ProjectView,
  Actions.ProjectListMembers,
  Actions.ProjectUpdate,
  Actions.ProjectInvite,
  Actions.ProjectRemoveMember,
  Actions.ProjectAssignRole,
]);
