import { Module } from '@nestjs/common';
import { ChangeEventModule } from '../change-event/change-event.module';
import { QueueModule } from '../queue/queue.module';
import { AuditEventRepository } from './audit-event.repository';
import { AuditRetentionJob } from './audit-retention.job';
import { AuditService } from './audit.service';

/** Recording audit events and the change events they make (for every module that writes) and deleting them after the retention period. */
@Module({
  imports: [ChangeEventModule, QueueModule],
  providers: [AuditService, AuditEventRepository, AuditRetentionJob],
  exports: [AuditService, AuditEventRepository],
})
export class AuditModule {}
