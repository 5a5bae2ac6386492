import { Module } from '@nestjs/common';
import { QueueModule } from '../queue/queue.module';
import { ChangeEventRepository } from './change-event.repository';
import { ChangeEventRetentionJob } from './change-event-retention.job';
import { ChangeEventWriter } from './change-event.writer';

/** Change events and their webhook deliveries as stored (the audit log writes the events; the webhook module reads and delivers them). */
@Module({
  imports: [QueueModule],
  providers: [ChangeEventRepository, ChangeEventWriter, ChangeEventRetentionJob],
  exports: [ChangeEventRepository, ChangeEventWriter],
})
export class ChangeEventModule {}
