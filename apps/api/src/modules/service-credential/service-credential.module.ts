import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { AuditModule } from '../audit/audit.module';
import { MembershipModule } from '../membership/membership.module';
import { ProjectModule } from '../project/project.module';
import { RoleModule } from '../role/role.module';
import { ServiceCredentialController, ServiceMembershipController } from './service-credential.controller';
import { ServiceCredentialService } from './service-credential.service';
import { ServiceCredentialStoreModule } from './service-credential-store.module';
import { ServiceMembershipService } from './service-membership.service';

/** Service credentials of sibling products and their membership calls (docs/integration.md#credentials-and-scopes). */
@Module({
  imports: [AccountModule, AuditModule, MembershipModule, ProjectModule, RoleModule, ServiceCredentialStoreModule],
  controllers: [ServiceCredentialController, ServiceMembershipController],
  providers: [ServiceCredentialService, ServiceMembershipService],
})
export class ServiceCredentialModule {}
