import { InitialSchema1763780000000 } from './1763780000000-initial-schema';
import { InvitationsAndEmailOutbox1763790000000 } from './1763790000000-invitations-and-email-outbox';
import { OneOpenInvitationAndIdempotencyKeys1763800000000 } from './1763800000000-one-open-invitation-and-idempotency-keys';
import { AuditEvents1763810000000 } from './1763810000000-audit-events';
import { AccountLocale1763820000000 } from './1763820000000-account-locale';
import { ListPagingIndexes1763830000000 } from './1763830000000-list-paging-indexes';
import { SignInSessions1795631312858 } from './1795631312858-sign-in-sessions';
import { AccountDeletion1795632959586 } from './1795632959586-account-deletion';
import { OrganizationDomains1795633036738 } from './1795633036738-organization-domains';
import { JoinPoliciesAndRequests1795634000000 } from './1795634000000-join-policies-and-requests';

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
  JoinPoliciesAndRequests1795634000000,
];
