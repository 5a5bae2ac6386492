/** Organizations: the account's list, one organization's settings, members and KARTE mapping (docs/product-rules.md#screens, #permissions). */
export {
  useAddOrganizationDomain,
  useRemoveOrganizationDomain,
  useSetJoinPolicy,
  useVerifyOrganizationDomain,
  type JoinPolicyInput,
} from './api/change-organization-domains';
export { useDecideJoinRequest, useJoinRequestPages, usePendingJoinRequestCount, type JoinRequest, type JoinRequestFilter } from './api/join-requests';
export { useAssignOrganizationRole } from './api/assign-organization-role';
export { useOrganization, type OrganizationDetail } from './api/get-organization';
export { useOrganizationDomains, type OrganizationDomain } from './api/get-organization-domains';
export { useOrganizationKarteMapping } from './api/get-organization-karte-mapping';
export { useInviteSuggestions, useOrganizationMemberPages, useOrganizationMembers } from './api/get-organization-members';
export { useRemoveOrganizationMember } from './api/remove-organization-member';
export { useUpdateOrganization } from './api/update-organization';
export { useUpdateOrganizationSecurity } from './api/update-organization-security';
export { useUploadOrganizationProfileImage } from './api/upload-organization-profile-image';
export { useUpsertOrganizationKarteMapping } from './api/upsert-organization-karte-mapping';
export { MemberCsvExportMenu } from './components/member-csv-export';
export { OrganizationDeletionSection } from './components/organization-deletion';
export { OrganizationExportPanel } from './components/organization-export';
export { DomainStateBadge } from './components/domain-state-badge';
export { OrganizationSettingsPage } from './components/settings-page';
export { organizationKeys } from './keys';
export { useOrganizationSettings, type OrganizationSettingsContext } from './settings-context';
