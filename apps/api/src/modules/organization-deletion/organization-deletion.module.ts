import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { AuditModule } from '../audit/audit.module';
import { FilesModule } from '../files/files.module';
import { MembershipModule } from '../membership/membership.module';
import { OrganizationModule } from '../organization/organization.module';
import { QueueModule } from '../queue/queue.module';
import { OrganizationDeletionController } from './organization-deletion.controller';
import { OrganizationDeletionRepository } from './organization-deletion.repository';
import { OrganizationDeletionService } from './organization-deletion.service';
import { OrganizationPurgeJob } from './organization-purge.job';

/** Deleting, restoring and purging organizations (docs/product-rules.md#organization-deletion). */
@Module({
  imports: [AccountModule, AuditModule, FilesModule, MembershipModule, OrganizationModule, QueueModule],
  controllers: [OrganizationDeletionController],
  providers: [OrganizationDeletionRepository, OrganizationDeletionService, OrganizationPurgeJob],
})
export class OrganizationDeletionModule {}
