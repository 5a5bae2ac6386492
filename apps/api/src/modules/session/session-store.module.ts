import { Module } from '@nestjs/common';
import { SignInSessionStore } from '../../common/auth/sign-in-session-store';
import { SessionRepository } from './session.repository';

/** The sessions' repository, also the auth guard's SignInSessionStore (see AuthModule.forRoot). */
@Module({
  providers: [SessionRepository, { provide: SignInSessionStore, useExisting: SessionRepository }],
  exports: [SessionRepository, SignInSessionStore],
})
export class SessionStoreModule {}
