import { Module } from '@nestjs/common';
import { AccountLookup } from '../../common/auth/account-lookup';
import { AuditModule } from '../audit/audit.module';
import { FilesModule } from '../files/files.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { MembershipModule } from '../membership/membership.module';
import { AccountController } from './account.controller';
import { AccountRepository } from './account.repository';
import { AccountService } from './account.service';

@Module({
  imports: [FilesModule, AuditModule, MembershipModule, IdempotencyModule],
  controllers: [AccountController],
  providers: [AccountRepository, AccountService, { provide: AccountLookup, useExisting: AccountRepository }],
  exports: [AccountRepository, AccountService, AccountLookup],
})
export class AccountModule {}
