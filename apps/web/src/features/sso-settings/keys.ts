/**
 * The query keys of single sign-on's settings (docs/product-rules.md#single-sign-on): an organization's
 * connection lives under its detail key (a change of the organization refreshes it), every
 * organization's under the system-admin area's.
 */
export const ssoKeys = {
  organization: (organizationId: string) => ['organizations', 'detail', organizationId, 'sso'] as const,
  all: () => ['systemAdmin', 'ssoConnections'] as const,
};
