/** One e-mail as handed to a {@link MailSender}. */
export interface MailMessage {
  /** Stable per-message id (the outbox row's id): the same on every delivery attempt. */
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Delivers e-mails: SendGrid in hosted environments, a local mailbox on a developer's machine. */
export interface MailSender {
  readonly name: string;
  /** Resolves once the message is accepted for delivery; rejects when it must be retried. */
  send(message: MailMessage): Promise<void>;
}

export const MAIL_SENDER = Symbol('MAIL_SENDER');
