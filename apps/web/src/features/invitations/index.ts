import { lazy } from 'react';

/** Invitations: inviting, the lists of open invitations, cancelling and resending, and accepting (docs/product-rules.md#screens, #invitations). */
export { useAcceptInvitation } from './api/accept-invitation';
export { useCancelInvitation } from './api/cancel-invitation';
export { useInvitation } from './api/get-invitation';
export { useInvitationsInOrganization } from './api/get-organization-invitations';
export { useInvitationsInProject } from './api/get-project-invitations';
export { useResendInvitation } from './api/resend-invitation';
export { InviteDialog } from './components/invite-dialog';
/** Loaded when first opened: the member CSV import is rarely used. */
export const MemberImportDialog = lazy(() => import('./components/member-import-dialog').then((module) => ({ default: module.MemberImportDialog })));
export { isInvalidInvitationError, isInvitationUsable } from './invitation-validity';
