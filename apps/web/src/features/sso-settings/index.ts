/** Single sign-on's settings (docs/product-rules.md#single-sign-on): an organization's connection and requirement, and the system administrators' oversight of every connection. */
export { useChangeOrganizationSso, useOrganizationSso, type OrganizationSso, type SaveSsoConnectionInput } from './api/organization-sso';
export { useAllSsoConnections, useDisableSsoConnection, type AdminSsoConnection } from './api/sso-connections';
