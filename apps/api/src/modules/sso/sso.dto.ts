import { ApiProperty, ApiPropertyOptional } from '../../common/openapi/decorators';
import { SSO_CONNECTION_TYPES, type SsoConnectionType } from '@console/domain';
import { IsBoolean, IsIn, IsOptional, IsString, IsUrl, MaxLength, MinLength } from '../../common/validation/class-validator';
import { IsConsoleEmail, IsDomainId } from '../../common/http/validators';
import { isoTime, isoTimeOrNull } from '../../common/http/iso-time';
import { OrganizationIdRequest } from '../organization/organization.dto';
import { certificateFacts } from './saml-certificate';
import type { SsoConnectionEntity } from './sso-connection.entity';
import type { ConnectionWithOrganizationRow } from './sso.sql';

const URL_MAX_LENGTH = 2048;
/** Longest PEM certificate accepted (a 4096-bit RSA certificate with a long chain of names is well below). */
const CERTIFICATE_MAX_LENGTH = 16_384;
/** http:// is accepted by the validator; the connection refuses it unless SSO_ALLOW_INSECURE_ISSUERS (the local provider of development and tests). */
const URL_OPTIONS = { require_tld: false, require_protocol: true, protocols: ['https', 'http'] };

/** An organization's SSO connection as its admin saves it: created, or updated (a field left out keeps its value). */
export class SaveSsoConnectionRequest extends OrganizationIdRequest {
  @ApiProperty({ enum: SSO_CONNECTION_TYPES, enumName: 'SsoConnectionType', example: 'oidc' })
  @IsIn(SSO_CONNECTION_TYPES)
  type: SsoConnectionType;

  @ApiProperty({ description: 'A disabled connection signs nobody in, and its requirement does not apply.' })
  @IsBoolean()
  enabled: boolean;

  @ApiProperty({
    description: "Members whose address is on the organization's verified domains must sign in through the connection (403 SSO_REQUIRED otherwise).",
  })
  @IsBoolean()
  required: boolean;

  @ApiPropertyOptional({
    maxLength: URL_MAX_LENGTH,
    example: 'https://login.example.co.jp',
    description: 'OIDC: the issuer, discovered at its /.well-known/openid-configuration.',
  })
  @IsOptional()
  @IsUrl(URL_OPTIONS)
  @MaxLength(URL_MAX_LENGTH)
  oidcIssuer?: string;

  @ApiPropertyOptional({ maxLength: 512, example: 'console' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(512)
  oidcClientId?: string;

  @ApiPropertyOptional({ maxLength: 1024, description: 'OIDC: the client secret; never answered. Left out: the saved one is kept.' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(1024)
  oidcClientSecret?: string;

  @ApiPropertyOptional({ maxLength: URL_MAX_LENGTH, example: 'https://idp.example.co.jp/metadata', description: "SAML: the identity provider's entity id." })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(URL_MAX_LENGTH)
  samlEntityId?: string;

  @ApiPropertyOptional({
    maxLength: URL_MAX_LENGTH,
    example: 'https://idp.example.co.jp/sso',
    description: "SAML: the identity provider's single sign-on URL.",
  })
  @IsOptional()
  @IsUrl(URL_OPTIONS)
  @MaxLength(URL_MAX_LENGTH)
  samlSsoUrl?: string;

  @ApiPropertyOptional({
    maxLength: CERTIFICATE_MAX_LENGTH,
    description:
      "SAML: the identity provider's signing certificate (PEM, its line breaks as spaces: a body holds no control characters): RSA of 2048 bits or more, or EC, valid now.",
  })
  @IsOptional()
  @IsString()
  @MaxLength(CERTIFICATE_MAX_LENGTH)
  samlCertificate?: string;
}

export class SsoConnectionIdRequest {
  @ApiProperty({ minLength: 12, maxLength: 12, example: 's1S2o3C4o5N6' })
  @IsDomainId('ssoConnection')
  connectionId: string;
}

export class OidcSettingsResponse {
  @ApiProperty({ example: 'https://login.example.co.jp' }) issuer: string;
  @ApiProperty({ example: 'console' }) clientId: string;
  @ApiProperty({ description: 'Whether a client secret is saved (it is never answered).' }) hasClientSecret: boolean;
}

export class SamlSettingsResponse {
  @ApiProperty({ example: 'https://idp.example.co.jp/metadata' }) entityId: string;
  @ApiProperty({ example: 'https://idp.example.co.jp/sso' }) ssoUrl: string;
  @ApiProperty({ description: 'The signing certificate (PEM).' }) certificate: string;
  @ApiProperty({ type: String, nullable: true, example: 'CN=idp.example.co.jp' }) certificateSubject: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) certificateValidTo: string | null;
}

export class SsoConnectionResponse {
  @ApiProperty({ example: 's1S2o3C4o5N6' }) id: string;
  @ApiProperty({ example: 'a1B2c3D4' }) organizationId: string;
  @ApiProperty({ enum: SSO_CONNECTION_TYPES, enumName: 'SsoConnectionType', example: 'oidc' }) type: SsoConnectionType;
  @ApiProperty() enabled: boolean;
  @ApiProperty() required: boolean;
  @ApiProperty({ description: 'A system administrator disabled the connection (a broken one).' }) disabledBySystemAdmin: boolean;
  @ApiPropertyOptional({ type: OidcSettingsResponse, description: 'The settings of an OIDC connection.' }) oidc?: OidcSettingsResponse;
  @ApiPropertyOptional({ type: SamlSettingsResponse, description: 'The settings of a SAML connection.' }) saml?: SamlSettingsResponse;
  @ApiProperty({
    example: 'https://api.example.com/auth/sso/callback',
    description: 'The callback (redirect URI, ACS URL) to register at the identity provider.',
  })
  callbackUrl: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/** The organization's connection, if any (a response body cannot be null). */
export class OrganizationSsoResponse {
  @ApiPropertyOptional({ type: SsoConnectionResponse, description: 'Absent when the organization has none.' }) connection?: SsoConnectionResponse;
  @ApiProperty({ example: 'https://api.example.com/auth/sso/callback', description: 'The callback to register at the identity provider.' }) callbackUrl: string;
  @ApiProperty({
    example: 'https://api.example.com/auth/sso/saml/metadata',
    description: "SAML: the console's entity id (the audience of assertions) to register at the identity provider; its metadata (XML) is published there.",
  })
  samlEntityId: string;
}

export class SsoConnectionWithOrganizationResponse extends SsoConnectionResponse {
  @ApiProperty({ example: '株式会社サンプル' }) organizationName: string;
}

export class SsoDiscoverRequest {
  @ApiProperty({ example: 'taro@example.co.jp' })
  @IsConsoleEmail()
  email: string;
}

export class SsoDiscoverResponse {
  @ApiProperty({ description: "Whether the address's domain signs in through an organization's enabled SSO connection." }) sso: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '/api/auth/sso/start?domain=example.co.jp',
    description: 'Where the browser goes to sign in (null without SSO).',
  })
  startUrl: string | null;
}

export class SsoExchangeRequest {
  @ApiProperty({
    description: 'The single-use code the callback handed to the web (in the URL fragment).',
    example: 'q3v9Xb0rTz1mK8cY2wL5nP7sA4dF6gH0jE1uI3oR2tQ',
  })
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  code: string;
}

export class SsoExchangeResponse {
  @ApiProperty({
    description: 'A Firebase custom token carrying the sso claim: the web signs in with it (signInWithCustomToken).',
    example: 'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1aWQiOiJ1c2VyMSJ9.c2lnbmF0dXJl',
  })
  customToken: string;
}

export function toSsoConnectionResponse(connection: SsoConnectionEntity, callbackUrl: string): SsoConnectionResponse {
  const certificate = connection.samlCertificate === null ? null : certificateFacts(connection.samlCertificate);
  return {
    id: connection.id,
    organizationId: connection.organizationId,
    type: connection.type,
    enabled: connection.enabled,
    required: connection.required,
    disabledBySystemAdmin: connection.disabledBySystemAdminId !== null,
    ...(connection.type === 'oidc' && connection.oidcIssuer !== null && connection.oidcClientId !== null
      ? { oidc: { issuer: connection.oidcIssuer, clientId: connection.oidcClientId, hasClientSecret: connection.oidcClientSecret !== null } }
      : {}),
    ...(connection.type === 'saml' && connection.samlEntityId !== null && connection.samlSsoUrl !== null && connection.samlCertificate !== null
      ? {
          saml: {
            entityId: connection.samlEntityId,
            ssoUrl: connection.samlSsoUrl,
            certificate: connection.samlCertificate,
            certificateSubject: certificate?.subject ?? null,
            certificateValidTo: isoTimeOrNull(certificate?.validTo),
          },
        }
      : {}),
    callbackUrl,
    updatedAt: isoTime(connection.updatedAt),
  };
}

export function toSsoConnectionWithOrganizationResponse(row: ConnectionWithOrganizationRow, callbackUrl: string): SsoConnectionWithOrganizationResponse {
  return { ...toSsoConnectionResponse(row, callbackUrl), organizationName: row.organizationName };
}
