import { Module } from '@nestjs/common';
import { ServiceCredentialStore } from '../../common/auth/service-credential-store';
import { ServiceCredentialRepository } from './service-credential.repository';

/** The credentials' repository, also the auth guard's ServiceCredentialStore (see AuthModule.forRoot). */
@Module({
  providers: [ServiceCredentialRepository, { provide: ServiceCredentialStore, useExisting: ServiceCredentialRepository }],
  exports: [ServiceCredentialRepository, ServiceCredentialStore],
})
export class ServiceCredentialStoreModule {}
