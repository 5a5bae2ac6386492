import { Module } from '@nestjs/common';
import { QueueModule } from '../queue/queue.module';
import { AuditEventRepository } from './audit-event.repository';
import { AuditRetentionJob } from './audit-retention.job';
import { AuditService } from './audit.service';

/** Recording audit events (for every module that writes) and deleting them after the retention period. */
@Module({
  imports: [QueueModule],
  providers: [AuditService, AuditEventRepository, AuditRetentionJob],
  exports: [AuditService, AuditEventRepository],
})
export class AuditModule {}
