import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EmailOutboxRepository } from './email-outbox.repository';

export interface OutgoingMail {
  kind: string;
  referenceId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
}

@Injectable()
export class MailService {
  constructor(private readonly outbox: EmailOutboxRepository) {}

  /**
   * Queues an e-mail in the outbox, in the transaction that causes the e-mail (there must be one):
   * the message then exists exactly when that transaction commits. Returns the message id.
   */
  async enqueue(mail: OutgoingMail): Promise<string> {
    const id = randomUUID();
    await this.outbox.insert({
      id,
      kind: mail.kind,
      referenceId: mail.referenceId,
      toEmail: mail.to.toLowerCase(),
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    });
    return id;
  }

  /** Of the given references (e.g. invitation ids), those whose latest e-mail of `kind` failed for good. */
  failedReferences(kind: string, referenceIds: readonly string[]): Promise<Set<string>> {
    return this.outbox.failedReferences(kind, referenceIds);
  }

  /** Queues the latest e-mail of `kind` about the reference again, due now with a fresh count of attempts; false when it has none. */
  async resend(kind: string, referenceId: string): Promise<boolean> {
    return (await this.outbox.requeueLatestFor(kind, referenceId)) !== null;
  }
}
