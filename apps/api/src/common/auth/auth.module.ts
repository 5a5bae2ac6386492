import { Global, Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { AccessDeclarationsCheck } from './access-declarations.check';
import { AuthGuard } from './auth.guard';
import { FirebaseAuthService } from './firebase-auth.service';
import { RevocationNoticeRepository } from './revocation-notice.repository';
import { ServiceCallers } from './service-callers';
import { SessionRevocations } from './session-revocations';
import { SignInSessions } from './sign-in-sessions';

@Global()
@Module({})
export class AuthModule {
  /** `imports`: the modules that provide the guard's AccountLookup, SignInSessionStore and ServiceCredentialStore (the modules owning accounts, sessions and service credentials). */
  static forRoot(options: { imports: NonNullable<ModuleMetadata['imports']> }): DynamicModule {
    return {
      module: AuthModule,
      imports: [DiscoveryModule, ...options.imports],
      providers: [
        FirebaseAuthService,
        RevocationNoticeRepository,
        SessionRevocations,
        SignInSessions,
        ServiceCallers,
        AccessDeclarationsCheck,
        { provide: APP_GUARD, useClass: AuthGuard },
      ],
      exports: [FirebaseAuthService, ServiceCallers, SessionRevocations, SignInSessions],
    };
  }
}
