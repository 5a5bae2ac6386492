import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Actions, assertCanAccept, assertValidId, DomainError, type ErrorCode, invitationStatus } from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import { isUniqueViolation } from '../../database/query-errors';
import type { AccountResponse } from '../account/account.dto';
import { AccountRepository } from '../account/account.repository';
import { AccountService } from '../account/account.service';
import type { AuditContext } from '../audit/audit-context';
import { AuditService } from '../audit/audit.service';
import { AccessService } from '../membership/access.service';
import { MembershipService } from '../membership/membership.service';
import { InvitationGrantsService } from './invitation-grants.service';
import { InvitationRepository } from './invitation.repository';

/** Accepting an invitation (/invitation/accept). */
@Injectable()
export class InvitationAcceptanceService {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly access: AccessService,
    private readonly invitations: InvitationRepository,
    private readonly membershipService: MembershipService,
    private readonly accounts: AccountRepository,
    private readonly accountService: AccountService,
    private readonly audit: AuditService,
    private readonly invitationGrants: InvitationGrantsService,
  ) {}

  /**
   * /invitation/accept: adds the invited membership to the operator's account. The organization's
   * lock (MembershipService.lockOrganization) is taken first, then the invitation row is locked
   * (SELECT … FOR UPDATE) for the transaction, so two concurrent accepts give exactly one
   * membership; the second finds it accepted (INVITATION_INVALID). It never changes a membership the
   * account has (ALREADY_ORGANIZATION_MEMBER), and an invitation the operator sent is refused
   * (CANNOT_CHANGE_OWN_ROLE): its roles were chosen by the operator for themselves.
   *
   * An invitation grants no more than its sender may still grant: the sender's right to send it is
   * asked again (InvitationGrantsService, the rule of sending it) for the sender as they are now.
   * When they may no longer send it — demoted or removed since, in a way that did not cancel it
   * already (a demotion or removal in the organization does: see cancelUngrantable; losing
   * system administration does not) — the invitation is cancelled (one invitation.cancel event, by
   * the invitee, as the invitee may cancel it), nothing else changes, and the call answers 409
   * INVITER_LACKS_RIGHTS.
   */
  async accept(operator: Operator, invitationId: string, audit: AuditContext): Promise<AccountResponse> {
    assertValidId('invitation', invitationId);
    // Its organization, whose lock comes first; the invitation is read again under it.
    const found = await this.invitations.findById(invitationId);
    let refusal: ErrorCode | undefined;
    try {
      refusal = await this.transactions.withTransaction(async (): Promise<ErrorCode | undefined> => {
        if (found) await this.membershipService.lockOrganization(found.organizationId);
        const locked = found && (await this.invitations.findByIdForUpdate(invitationId));
        const { access, invitation } = await this.access.invitation(operator, locked, Actions.InvitationAccept, { invitedById: locked?.createdById });
        const status = invitationStatus(invitation, new Date());
        assertCanAccept({ accountEmail: operator.email, invitationEmail: invitation.email, alreadyMember: access.membership !== undefined, status });
        // Projects deleted (or roles removed) since the invitation was sent are skipped; without its organization role it is invalid.
        const membership = (await this.invitationGrants.memberships(invitation.organizationId, [invitation])).get(invitation.id);
        if (!membership) throw new DomainError('INVITATION_INVALID');
        if (!(await this.invitationGrants.senderMayGrant(invitation, membership))) {
          await this.invitationGrants.cancel(invitation.organizationId, [invitation.id], operator.id, audit);
          return 'INVITER_LACKS_RIGHTS';
        }
        await this.membershipService.add(operator.id, membership, operator.id);
        if (!(await this.invitations.markAccepted(invitation.id, operator.id))) throw new DomainError('INVITATION_INVALID');
        await this.audit.record(audit, {
          action: 'invitation.accept',
          targetType: 'invitation',
          targetId: invitation.id,
          organizationId: invitation.organizationId,
          changes: { status: { before: status, after: 'accepted' } },
        });
        return undefined;
      });
    } catch (error) {
      // Another invitation of the same organization was accepted concurrently by this account.
      if (isUniqueViolation(error)) throw new DomainError('ALREADY_ORGANIZATION_MEMBER');
      throw error;
    }
    // Refused once the cancellation is committed.
    if (refusal) throw new DomainError(refusal);
    const account = await this.accounts.findById(operator.id);
    if (!account) throw new DomainError('ACCOUNT_NOT_FOUND');
    return this.accountService.toResponse(account);
  }
}
