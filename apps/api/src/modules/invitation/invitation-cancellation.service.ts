import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Actions, assertValidId, DomainError, invitationStatus } from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import type { AuditContext } from '../audit/audit-context';
import { AuditService } from '../audit/audit.service';
import { MailService } from '../mail/mail.service';
import { AccessService } from '../membership/access.service';
import { toInvitationResponse, type InvitationResponse } from './invitation.dto';
import type { InvitationEntity } from './invitation.entity';
import { INVITATION_MAIL_KIND } from './invitation-mail';
import { InvitationRepository } from './invitation.repository';

/** Cancelling an invitation and sending its e-mail again (/invitation/cancel, /organization/resendInvitation). */
@Injectable()
export class InvitationCancellationService {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly access: AccessService,
    private readonly invitations: InvitationRepository,
    private readonly mail: MailService,
    private readonly audit: AuditService,
  ) {}

  /** The invitation, when the operator may cancel it (and so resend its e-mail): a member of its organization, or the invitee. */
  private async requireCancellable(operator: Operator, invitationId: string): Promise<InvitationEntity> {
    assertValidId('invitation', invitationId);
    const { invitation } = await this.access.invitation(operator, await this.invitations.findById(invitationId), Actions.InvitationCancel);
    return invitation;
  }

  /**
   * /organization/resendInvitation: queues the e-mail of a pending invitation again (due now, attempts
   * reset); allowed to whoever may cancel it.
   */
  async resend(operator: Operator, invitationId: string, audit: AuditContext): Promise<InvitationResponse> {
    const invitation = await this.requireCancellable(operator, invitationId);
    if (invitationStatus(invitation, new Date()) !== 'pending') throw new DomainError('INVITATION_INVALID');
    await this.transactions.withTransaction(async () => {
      if (!(await this.mail.resend(INVITATION_MAIL_KIND, invitation.id))) throw new DomainError('NOT_FOUND');
      await this.audit.record(audit, {
        action: 'invitation.resend',
        targetType: 'invitation',
        targetId: invitation.id,
        organizationId: invitation.organizationId,
      });
    });
    return toInvitationResponse(invitation, new Date());
  }

  /** /invitation/cancel: any member of the organization, or the invitee. */
  async cancel(operator: Operator, invitationId: string, audit: AuditContext): Promise<InvitationResponse> {
    const invitation = await this.requireCancellable(operator, invitationId);
    const cancelled = await this.transactions.withTransaction(async () => {
      const status = invitationStatus(invitation, new Date());
      if (!(await this.invitations.markCancelled(invitation.id, operator.id))) throw new DomainError('INVITATION_INVALID');
      await this.audit.record(audit, {
        action: 'invitation.cancel',
        targetType: 'invitation',
        targetId: invitation.id,
        organizationId: invitation.organizationId,
        changes: { status: { before: status, after: 'cancelled' } },
      });
      const updated = await this.invitations.findById(invitation.id);
      if (!updated) throw new DomainError('INVITATION_NOT_FOUND');
      return updated;
    });
    return toInvitationResponse(cancelled, new Date());
  }
}
