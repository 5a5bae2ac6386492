import { Module } from '@nestjs/common';
import { SamlProtocol } from './saml-protocol';
import { UsedSamlAssertionRepository } from './used-saml-assertion.repository';

/** Sign-in through organizations' SAML identity providers (docs/integration.md#saml). */
@Module({
  providers: [SamlProtocol, UsedSamlAssertionRepository],
  exports: [SamlProtocol],
})
export class SamlModule {}
