import { Global, Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { AccessDeclarationsCheck } from './access-declarations.check';
import { AuthGuard } from './auth.guard';
import { FirebaseAuthService } from './firebase-auth.service';
import { RevocationNoticeRepository } from './revocation-notice.repository';
import { SessionRevocations } from './session-revocations';

@Global()
@Module({})
export class AuthModule {
  /** `imports`: the modules that provide the guard's AccountLookup (the module owning accounts). */
  static forRoot(options: { imports: NonNullable<ModuleMetadata['imports']> }): DynamicModule {
    return {
      module: AuthModule,
      imports: [DiscoveryModule, ...options.imports],
      providers: [FirebaseAuthService, RevocationNoticeRepository, SessionRevocations, AccessDeclarationsCheck, { provide: APP_GUARD, useClass: AuthGuard }],
      exports: [FirebaseAuthService, SessionRevocations],
    };
  }
}
