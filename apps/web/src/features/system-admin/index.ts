/** The system-admin area: accounts and system-admin rights, every organization and project, every domain, the deleted organizations (docs/product-rules.md#screens, #permissions, #verified-domains, #organization-deletion). */
export { useCreateOrganization } from './api/create-organization';
export { useCreateProject } from './api/create-project';
export { useAccountPages, useAccounts, type AdminAccount } from './api/get-accounts';
export { useDeletedOrganizations, useRestoreOrganization, type DeletedOrganization } from './api/deleted-organizations';
export { ALL_DOMAINS_CAP, useAllDomains, useVerifyDomainByHand, type AdminDomain } from './api/get-all-domains';
export { useAllOrganizations, useOrganizationPages } from './api/get-all-organizations';
export { useAllProjectPages, useAllProjects } from './api/get-all-projects';
export {
  useCreateServiceCredential,
  useRevokeServiceCredential,
  useRevokeServiceSecret,
  useRotateServiceCredential,
  useServiceCredentials,
  type ServiceCredential,
  type ServiceSecret,
} from './api/service-credentials';
export { useUpdateIsSystemAdmin } from './api/update-is-system-admin';
export {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useEventCatalogue,
  useReplayDelivery,
  useReplayFailedDeliveries,
  useRotateWebhookSecret,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
  type DeliveryStatus,
  type WebhookDelivery,
  type WebhookEndpoint,
} from './api/webhooks';
export { GrantSystemAdminDialog } from './components/grant-system-admin-dialog';
export { NameDialog } from './components/name-dialog';
