import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Actions } from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import type { AuditContext } from '../audit/audit-context';
import { AuditService } from '../audit/audit.service';
import { EmailOutboxRepository } from '../mail/email-outbox.repository';
import { MailService } from '../mail/mail.service';
import { AccessService } from '../membership/access.service';
import { MAX_FAILED_EMAILS, toFailedEmailResponse, type FailedEmailResponse, type RequeueEmailsResponse } from './failed-email.dto';

/** Operators' view of e-mails given up as failed, and sending them again. */
@Injectable()
export class FailedEmailService {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly access: AccessService,
    private readonly outbox: EmailOutboxRepository,
    private readonly mail: MailService,
    private readonly audit: AuditService,
  ) {}

  /** /systemAdmin/email/listFailed: the most recent failed e-mails. */
  async listFailed(operator: Operator): Promise<FailedEmailResponse[]> {
    this.access.assert(operator, Actions.SystemAdminAccess);
    return (await this.outbox.listFailed(MAX_FAILED_EMAILS)).map(toFailedEmailResponse);
  }

  /** /systemAdmin/email/requeue: queues the e-mails again, each with a new job due now and a fresh count of attempts; one audit event per e-mail queued again. */
  async requeue(operator: Operator, ids: readonly string[], audit: AuditContext): Promise<RequeueEmailsResponse> {
    this.access.assert(operator, Actions.SystemAdminAccess);
    return this.transactions.withTransaction(async () => {
      const requeued = await this.mail.requeue([...new Set(ids.map((id) => id.toLowerCase()))]);
      await this.audit.recordAll(
        audit,
        requeued.map((e) => ({
          action: 'email.requeue',
          targetType: 'email',
          targetId: e.id,
          changes: { status: { before: e.previousStatus, after: 'pending' } },
        })),
      );
      return { requeued: requeued.map((e) => e.id) };
    });
  }
}
