import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { MembershipModule } from '../membership/membership.module';
import { OrganizationModule } from '../organization/organization.module';
import { ProjectModule } from '../project/project.module';
import { KarteMappingController } from './karte-mapping.controller';
import { KarteMappingRepository } from './karte-mapping.repository';
import { KarteMappingService } from './karte-mapping.service';

@Module({
  imports: [OrganizationModule, ProjectModule, AuditModule, MembershipModule],
  controllers: [KarteMappingController],
  providers: [KarteMappingRepository, KarteMappingService],
})
export class KarteMappingModule {}
