import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { EmailOutboxRepository } from './email-outbox.repository';
import { LocalMailboxSender, mailboxDir } from './local-mailbox-sender';
import { MailDelivery, sendTimeoutMs } from './mail-delivery.task';
import { MAIL_SENDER, type MailSender } from './mail-sender';
import { MailService } from './mail.service';
import { MailboxController } from './mailbox.controller';
import { QueueModule } from '../queue/queue.module';

/**
 * SendGrid when an API key is configured, otherwise the local mailbox under the data directory.
 * The SendGrid sender (and its libraries) is loaded only where it is configured.
 */
async function createMailSender(config: AppConfig): Promise<MailSender> {
  if (config.sendgridApiKey) {
    const { SendgridMailSender } = await import('./sendgrid-mail-sender.js');
    return new SendgridMailSender({
      apiKey: config.sendgridApiKey,
      apiUrl: config.sendgridApiUrl,
      from: config.deployment.invitationSender,
      timeoutMs: sendTimeoutMs(config.mail.leaseMs),
    });
  }
  return new LocalMailboxSender(mailboxDir(config), `${config.deployment.invitationSender.name} <${config.deployment.invitationSender.email}>`);
}

@Module({
  imports: [QueueModule],
  controllers: [MailboxController],
  providers: [EmailOutboxRepository, MailService, MailDelivery, { provide: MAIL_SENDER, useFactory: createMailSender, inject: [APP_CONFIG] }],
  exports: [MailService, EmailOutboxRepository],
})
export class MailModule {}
