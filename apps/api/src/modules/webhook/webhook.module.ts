import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ChangeEventModule } from '../change-event/change-event.module';
import { MembershipModule } from '../membership/membership.module';
import { QueueModule } from '../queue/queue.module';
import { ServiceCredentialStoreModule } from '../service-credential/service-credential-store.module';
import { ServiceEventsController, WebhookController } from './webhook.controller';
import { WebhookDelivery } from './webhook-delivery.task';
import { SecretCipher } from '../../common/crypto/secret-cipher';
import { WebhookService } from './webhook.service';

/** Webhook endpoints, the delivery of change events to them, the event catalogue and the pull API (docs/integration.md#change-events). */
@Module({
  imports: [AuditModule, ChangeEventModule, MembershipModule, QueueModule, ServiceCredentialStoreModule],
  controllers: [WebhookController, ServiceEventsController],
  providers: [WebhookService, WebhookDelivery, SecretCipher],
})
export class WebhookModule {}
