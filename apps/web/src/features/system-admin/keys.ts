/** The query keys of the system-admin area: every account, every organization, every project, every domain. */
export const systemAdminKeys = {
  all: ['systemAdmin'] as const,
  accounts: () => ['systemAdmin', 'accounts'] as const,
  /** The accounts a page at a time, for a search ('' = every account). */
  accountPages: (query: string) => ['systemAdmin', 'accounts', 'pages', query] as const,
  organizations: () => ['systemAdmin', 'organizations'] as const,
  organizationPages: (query: string) => ['systemAdmin', 'organizations', 'pages', query] as const,
  projects: () => ['systemAdmin', 'projects'] as const,
  projectPages: (query: string) => ['systemAdmin', 'projects', 'pages', query] as const,
  /** Every organization's domains (docs/product-rules.md#verified-domains). */
  domains: () => ['systemAdmin', 'domains'] as const,
  /** The deleted organizations (docs/product-rules.md#organization-deletion). */
  deletedOrganizations: () => ['systemAdmin', 'deletedOrganizations'] as const,
  /** Sibling products' service credentials (docs/integration.md#credentials-and-scopes). */
  serviceCredentials: () => ['systemAdmin', 'serviceCredentials'] as const,
  /** Webhook endpoints, and the deliveries of one (docs/integration.md#typed-client). */
  webhookEndpoints: () => ['systemAdmin', 'webhookEndpoints'] as const,
  webhookDeliveries: (endpointId: string, status: string) => ['systemAdmin', 'webhookEndpoints', endpointId, 'deliveries', status] as const,
  eventCatalogue: () => ['systemAdmin', 'eventCatalogue'] as const,
};
