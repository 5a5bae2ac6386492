import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { MembershipModule } from '../membership/membership.module';
import { QueueModule } from '../queue/queue.module';
import { DomainDns } from './domain-dns';
import { DomainRecheckJob } from './domain-recheck.job';
import { OrganizationDomainController } from './organization-domain.controller';
import { OrganizationDomainRepository } from './organization-domain.repository';
import { OrganizationDomainService } from './organization-domain.service';

/** Organizations' verified domains (docs/product-rules.md#verified-domains). */
@Module({
  imports: [AuditModule, MembershipModule, QueueModule],
  controllers: [OrganizationDomainController],
  providers: [OrganizationDomainRepository, OrganizationDomainService, DomainDns, DomainRecheckJob],
  exports: [OrganizationDomainRepository],
})
export class OrganizationDomainModule {}
