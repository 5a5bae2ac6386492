import { Injectable } from '@nestjs/common';
import { Actions, assertAllowed } from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import { EmailOutboxRepository } from '../mail/email-outbox.repository';
import { MAX_FAILED_EMAILS, toFailedEmailResponse, type FailedEmailResponse, type RequeueEmailsResponse } from './failed-email.dto';

/** Operators' view of e-mails given up as failed, and sending them again. */
@Injectable()
export class FailedEmailService {
  constructor(private readonly outbox: EmailOutboxRepository) {}

  /** /systemAdmin/email/listFailed: the most recent failed e-mails. */
  async listFailed(operator: Operator): Promise<FailedEmailResponse[]> {
    assertAllowed(Actions.SystemAdminAccess, { operator });
    return (await this.outbox.listFailed(MAX_FAILED_EMAILS)).map(toFailedEmailResponse);
  }

  /** /systemAdmin/email/requeue: queues the e-mails again, due now with a fresh count of attempts. */
  async requeue(operator: Operator, ids: readonly string[]): Promise<RequeueEmailsResponse> {
    assertAllowed(Actions.SystemAdminAccess, { operator });
    return { requeued: await this.outbox.requeue([...new Set(ids.map((id) => id.toLowerCase()))]) };
  }
}
