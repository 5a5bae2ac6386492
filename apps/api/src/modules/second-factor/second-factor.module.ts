import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { MembershipModule } from '../membership/membership.module';
import { SecondFactorController } from './second-factor.controller';
import { SecondFactorService } from './second-factor.service';

/** The audit events of people's second factors (docs/product-rules.md#multi-factor-authentication). */
@Module({
  imports: [AuditModule, MembershipModule],
  controllers: [SecondFactorController],
  providers: [SecondFactorService],
})
export class SecondFactorModule {}
