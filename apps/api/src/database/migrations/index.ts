import { InitialSchema1763780000000 } from './1763780000000-initial-schema';
import { InvitationsAndEmailOutbox1763790000000 } from './1763790000000-invitations-and-email-outbox';
import { OneOpenInvitationAndIdempotencyKeys1763800000000 } from './1763800000000-one-open-invitation-and-idempotency-keys';
import { AuditEvents1763810000000 } from './1763810000000-audit-events';
import { AccountLocale1763820000000 } from './1763820000000-account-locale';
import { ListPagingIndexes1763830000000 } from './1763830000000-list-paging-indexes';
import { SignInSessions1795631312858 } from './1795631312858-sign-in-sessions';
import { AccountDeletion1795632959586 } from './1795632959586-account-deletion';
import { OrganizationDomains1795633036738 } from './1795633036738-organization-domains';
import { OrganizationDeletion1795634000000 } from './1795634000000-organization-deletion';
import { OrganizationMfaRequirement1795640000000 } from './1795640000000-organization-mfa-requirement';
import { ServiceCredentials1795641000000 } from './1795641000000-service-credentials';
import { EmailOutboxOnJobQueue1795642000000 } from './1795642000000-email-outbox-on-job-queue';
import { JoinPoliciesAndRequests1795643000000 } from './1795643000000-join-policies-and-requests';
import { ChangeEvents1795650000000 } from './1795650000000-change-events';
import { SsoConnections1795652000000 } from './1795652000000-sso-connections';
import { UsedSamlAssertions1795653000000 } from './1795653000000-used-saml-assertions';
import { ChangeEventRetention1795655000000 } from './1795655000000-change-event-retention';
import { SealedWebhookSecrets1795655000001 } from './1795655000001-sealed-webhook-secrets';
import { SealedSsoClientSecrets1795656000000 } from './1795656000000-sealed-sso-client-secrets';
import { InvitationEmailSearch1795660000000 } from './1795660000000-invitation-email-search';
import { ProjectOrganizationName1795670000000 } from './1795670000000-project-organization-name';

/** Every migration, oldest first; a new migration is appended here. */
export const MIGRATIONS = [
  InitialSchema1763780000000,
  InvitationsAndEmailOutbox1763790000000,
  OneOpenInvitationAndIdempotencyKeys1763800000000,
  AuditEvents1763810000000,
  AccountLocale1763820000000,
  ListPagingIndexes1763830000000,
  SignInSessions1795631312858,
  AccountDeletion1795632959586,
  OrganizationDomains1795633036738,
  OrganizationDeletion1795634000000,
  OrganizationMfaRequirement1795640000000,
  ServiceCredentials1795641000000,
  EmailOutboxOnJobQueue1795642000000,
  JoinPoliciesAndRequests1795643000000,
  ChangeEvents1795650000000,
  SsoConnections1795652000000,
  UsedSamlAssertions1795653000000,
  ChangeEventRetention1795655000000,
  SealedWebhookSecrets1795655000001,
  SealedSsoClientSecrets1795656000000,
  InvitationEmailSearch1795660000000,
  ProjectOrganizationName1795670000000,
];
