import sendgrid from '@sendgrid/mail';
import type { AppConfig } from '../../config/app-config';
import type { MailMessage, MailSender } from './mail-sender';

/**
 * Header carrying the outbox message id: the same on every delivery attempt, so that a duplicate
 * delivery (at least once, see the worker) can be traced and recognized.
 */
export const MESSAGE_ID_HEADER = 'X-Console-Message-Id';

/**
 * Sends through SendGrid from the environment's invitation sender address; a request is abandoned
 * after `timeoutMs` (shorter than the worker's lease).
 */
export class SendgridMailSender implements MailSender {
  readonly name = 'sendgrid';

  constructor(
    apiKey: string,
    private readonly from: AppConfig['deployment']['invitationSender'],
    timeoutMs: number,
  ) {
    sendgrid.setApiKey(apiKey);
    sendgrid.setTimeout(timeoutMs);
  }

  async send(message: MailMessage): Promise<void> {
    await sendgrid.send({
      to: message.to,
      from: { email: this.from.email, name: this.from.name },
      subject: message.subject,
      text: message.text,
      html: message.html,
      customArgs: { consoleMessageId: message.id, kind: message.kind },
      headers: { [MESSAGE_ID_HEADER]: message.id },
    });
  }
}
