import sendgrid from '@sendgrid/mail';
import type { AppConfig } from '../../config/app-config';
import type { MailMessage, MailSender } from './mail-sender';

/** Header carrying the outbox message id, so that a duplicate delivery can be traced. */
export const MESSAGE_ID_HEADER = 'X-Console-Message-Id';

/** Sends through SendGrid from the environment's invitation sender address. */
export class SendgridMailSender implements MailSender {
  readonly name = 'sendgrid';

  constructor(
    apiKey: string,
    private readonly from: AppConfig['deployment']['invitationSender'],
  ) {
    sendgrid.setApiKey(apiKey);
    sendgrid.setTimeout(15_000);
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
