import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { AuditModule } from '../audit/audit.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { MailModule } from '../mail/mail.module';
import { MembershipModule } from '../membership/membership.module';
import { OrganizationModule } from '../organization/organization.module';
import { ProjectModule } from '../project/project.module';
import { FailedEmailService } from './failed-email.service';
import { SystemAdminController } from './system-admin.controller';

/** System administration (docs/product-rules.md#permissions): accounts' system-admin rights, organizations and projects of every customer, failed e-mails. */
@Module({
  imports: [AccountModule, OrganizationModule, ProjectModule, MailModule, AuditModule, MembershipModule, IdempotencyModule],
  controllers: [SystemAdminController],
  providers: [FailedEmailService],
})
export class SystemAdminModule {}
