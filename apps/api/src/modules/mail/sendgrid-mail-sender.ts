import { Client } from '@sendgrid/client';
import { MailService } from '@sendgrid/mail';
import type { AppConfig } from '../../config/app-config';
import type { MailMessage, MailSender } from './mail-sender';

/**
 * Header carrying the outbox message id: the same on every delivery attempt, so that a duplicate
 * delivery (at least once, see the worker) can be traced and recognized.
 */
const MESSAGE_ID_HEADER = 'X-Console-Message-Id';

export interface SendgridOptions {
  apiKey: string;
  /** SendGrid's API address (its global or EU host, or a relay that speaks its API). */
  apiUrl: string;
  from: AppConfig['deployment']['invitationSender'];
  /** A request is abandoned after this long (shorter than the e-mail job's expiry). */
  timeoutMs: number;
}

/** Sends through SendGrid's v3 mail API from the environment's invitation sender address. */
export class SendgridMailSender implements MailSender {
  readonly name = 'sendgrid';
  private readonly sendgrid = new MailService();
  private readonly from: SendgridOptions['from'];

  constructor(options: SendgridOptions) {
    this.from = options.from;
    const client = new Client();
    // The key first: @sendgrid/client's setApiKey resets the base URL to SendGrid's global host.
    client.setApiKey(options.apiKey);
    client.setDefaultRequest('baseUrl', options.apiUrl);
    this.sendgrid.setClient(client);
    this.sendgrid.setTimeout(options.timeoutMs);
  }

  async send(message: MailMessage): Promise<void> {
    await this.sendgrid.send({
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
