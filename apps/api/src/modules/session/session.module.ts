import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { AuditModule } from '../audit/audit.module';
import { MembershipModule } from '../membership/membership.module';
import { ProjectModule } from '../project/project.module';
import { SessionController } from './session.controller';
import { SessionService } from './session.service';
import { SessionStoreModule } from './session-store.module';

@Module({
  imports: [AccountModule, ProjectModule, MembershipModule, AuditModule, SessionStoreModule],
  controllers: [SessionController],
  providers: [SessionService],
})
export class SessionModule {}
