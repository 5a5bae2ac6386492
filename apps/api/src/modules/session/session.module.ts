import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { AuditModule } from '../audit/audit.module';
import { ProjectModule } from '../project/project.module';
import { RoleModule } from '../role/role.module';
import { SessionController } from './session.controller';
import { SessionService } from './session.service';

@Module({
  imports: [AccountModule, ProjectModule, RoleModule, AuditModule],
  controllers: [SessionController],
  providers: [SessionService],
})
export class SessionModule {}
