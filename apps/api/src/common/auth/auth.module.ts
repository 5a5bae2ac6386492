import { Global, Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { AccountModule } from '../../modules/account/account.module';
import { AccessDeclarationsCheck } from './access-declarations.check';
import { AuthGuard } from './auth.guard';
import { FirebaseAuthService } from './firebase-auth.service';

@Global()
@Module({
  imports: [DiscoveryModule, AccountModule],
  providers: [FirebaseAuthService, AccessDeclarationsCheck, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [FirebaseAuthService],
})
export class AuthModule {}
