import { Module } from '@nestjs/common';
import { SecretCipher } from '../../common/crypto/secret-cipher';
import { AuditModule } from '../audit/audit.module';
import { MembershipModule } from '../membership/membership.module';
import { OrganizationDomainModule } from '../organization-domain/organization-domain.module';
import { SamlModule } from '../saml/saml.module';
import { SamlProtocol } from '../saml/saml-protocol';
import { OidcProtocol } from './oidc.protocol';
import { SsoController } from './sso.controller';
import { SsoConnectionService } from './sso-connection.service';
import { SSO_PROTOCOLS, SsoProtocols, type SsoProtocol } from './sso-protocol';
import { SsoRepository } from './sso.repository';
import { SsoSignInController } from './sso-sign-in.controller';
import { SsoSignInService } from './sso-sign-in.service';

/**
 * Single sign-on per organization (docs/product-rules.md#single-sign-on): connections, the
 * requirement, and signing in through them. A protocol is registered in SSO_PROTOCOLS.
 */
@Module({
  imports: [AuditModule, MembershipModule, OrganizationDomainModule, SamlModule],
  controllers: [SsoController, SsoSignInController],
  providers: [
    SsoRepository,
    SsoConnectionService,
    SsoSignInService,
    SecretCipher,
    OidcProtocol,
    { provide: SSO_PROTOCOLS, useFactory: (oidc: OidcProtocol, saml: SamlProtocol): SsoProtocol[] => [oidc, saml], inject: [OidcProtocol, SamlProtocol] },
    SsoProtocols,
  ],
})
export class SsoModule {}
