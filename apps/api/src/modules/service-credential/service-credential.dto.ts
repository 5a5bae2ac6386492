import { ApiProperty, ApiPropertyOptional, IntersectionType } from '../../common/openapi/decorators';
import {
  MAX_ACCOUNTS_PER_MEMBERSHIP_BATCH,
  NAME_MAX_LENGTH,
  PRODUCT_KEYS,
  SERVICE_SCOPES,
  type PlanKey,
  type ProductKey,
  type ServiceScope,
} from '@console/domain';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsOptional, IsString, MaxLength } from '../../common/validation/class-validator';
import { serviceSecretPrefix } from '../../common/auth/service-secret';
import { PageCursor, PageLimit } from '../../common/http/paging';
import { IsDomainId } from '../../common/http/validators';
import { isoTime, isoTimeOrNull } from '../../common/http/iso-time';
import { ProjectIdRequest } from '../project/project.dto';
import type { ServiceCredentialEntity, ServiceCredentialSecretEntity } from './service-credential.entity';

const SERVICE_CREDENTIAL_STATES = ['active', 'revoked'] as const;
type ServiceCredentialState = (typeof SERVICE_CREDENTIAL_STATES)[number];

export class CreateServiceCredentialRequest {
  @ApiProperty({ maxLength: NAME_MAX_LENGTH, example: 'ナレッジ 本番' })
  @IsString()
  @MaxLength(1000)
  name: string;

  @ApiProperty({ enum: PRODUCT_KEYS, enumName: 'ProductKey', example: 'knowledge', description: 'The sibling product the credential belongs to.' })
  @IsIn(PRODUCT_KEYS)
  product: ProductKey;

  @ApiProperty({
    enum: SERVICE_SCOPES,
    enumName: 'ServiceScope',
    isArray: true,
    example: ['session:introspect', 'memberships:read'],
    description: 'What the credential may call (docs/integration.md#credentials-and-scopes).',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @IsIn(SERVICE_SCOPES, { each: true })
  scopes: ServiceScope[];
}

export class ServiceCredentialIdRequest {
  @ApiProperty({ minLength: 12, maxLength: 12, example: 'c1R2e3D4e5N6' })
  @IsDomainId('serviceCredential')
  credentialId: string;
}

export class ServiceCredentialSecretRequest extends ServiceCredentialIdRequest {
  @ApiProperty({ minLength: 12, maxLength: 12, example: 's1E2c3R4e5T6' })
  @IsDomainId('serviceCredentialSecret')
  secretId: string;
}

export class ServiceCredentialSecretResponse {
  @ApiProperty({ minLength: 12, maxLength: 12 }) id: string;
  @ApiProperty({ example: 'csk_s1E2c3R4e5T6', description: 'The start of the secret, to recognise it (the rest is shown once, when issued).' }) prefix: string;
  @ApiProperty() active: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) revokedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Recorded at most once a minute per API instance.' }) lastUsedAt:
    string | null;
  @ApiProperty({ type: String, nullable: true, example: '203.0.113.7' }) lastUsedIp: string | null;
}

export class ServiceCredentialResponse {
  @ApiProperty({ minLength: 12, maxLength: 12 }) id: string;
  @ApiProperty({ example: 'ナレッジ 本番' }) name: string;
  @ApiProperty({ enum: PRODUCT_KEYS, enumName: 'ProductKey' }) product: ProductKey;
  @ApiProperty({ enum: SERVICE_SCOPES, enumName: 'ServiceScope', isArray: true }) scopes: ServiceScope[];
  @ApiProperty({ enum: SERVICE_CREDENTIAL_STATES, enumName: 'ServiceCredentialState' }) state: ServiceCredentialState;
  @ApiProperty({ type: [ServiceCredentialSecretResponse], description: 'Its secrets, oldest first.' }) secrets: ServiceCredentialSecretResponse[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'The latest use of any of its secrets.' }) lastUsedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The address of that latest use.' }) lastUsedIp: string | null;
  @ApiProperty({ minLength: 10, maxLength: 10 }) createdById: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) revokedAt: string | null;
}

export class IssuedServiceSecretResponse {
  @ApiProperty({ type: ServiceCredentialResponse }) credential: ServiceCredentialResponse;
  @ApiProperty({
    example: 'csk_s1E2c3R4e5T6_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG',
    description: 'The new secret, shown this once: the console keeps only its hash.',
  })
  secret: string;
}

function toSecretResponse(secret: ServiceCredentialSecretEntity, credentialRevoked: boolean): ServiceCredentialSecretResponse {
  return {
    id: secret.id,
    prefix: serviceSecretPrefix(secret.id),
    active: secret.revokedAt === null && !credentialRevoked,
    createdAt: isoTime(secret.createdAt),
    revokedAt: isoTimeOrNull(secret.revokedAt),
    lastUsedAt: isoTimeOrNull(secret.lastUsedAt),
    lastUsedIp: secret.lastUsedIp,
  };
}

export function toServiceCredentialResponse(credential: ServiceCredentialEntity, secrets: readonly ServiceCredentialSecretEntity[]): ServiceCredentialResponse {
  const revoked = credential.revokedAt !== null;
  const lastUsed = secrets.reduce<ServiceCredentialSecretEntity | undefined>(
    (latest, s) => (s.lastUsedAt !== null && (latest?.lastUsedAt ?? 0) < s.lastUsedAt ? s : latest),
    undefined,
  );
  return {
    id: credential.id,
    name: credential.name,
    product: credential.product,
    scopes: credential.scopes,
    state: revoked ? 'revoked' : 'active',
    secrets: secrets.map((s) => toSecretResponse(s, revoked)),
    lastUsedAt: isoTimeOrNull(lastUsed?.lastUsedAt),
    lastUsedIp: lastUsed?.lastUsedIp ?? null,
    createdById: credential.createdById,
    createdAt: isoTime(credential.createdAt),
    revokedAt: isoTimeOrNull(credential.revokedAt),
  };
}

// Membership and entitlement calls of sibling products.

export class MembershipQueryRequest extends ProjectIdRequest {
  @ApiPropertyOptional({ minLength: 10, maxLength: 10, example: 'a1B2c3D4e5', description: 'The account; give it or sessionCookie.' })
  @IsOptional()
  @IsDomainId('account')
  accountId?: string;

  @ApiPropertyOptional({ description: "The console's session cookie as the product received it; give it or accountId.", example: 'eyJhbGciOiJSUzI1NiJ9.…' })
  @IsOptional()
  @IsString()
  @MaxLength(8192)
  sessionCookie?: string;
}

export class MembershipBatchRequest extends ProjectIdRequest {
  @ApiProperty({
    type: [String],
    maxItems: MAX_ACCOUNTS_PER_MEMBERSHIP_BATCH,
    example: ['a1B2c3D4e5', 'f6G7h8I9j0'],
    description: `At most ${MAX_ACCOUNTS_PER_MEMBERSHIP_BATCH} account ids.`,
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_ACCOUNTS_PER_MEMBERSHIP_BATCH)
  @ArrayUnique()
  @IsDomainId('account', { each: true })
  accountIds: string[];
}

class PageRequest {
  @PageLimit({ description: 'Rows per page (default 50).' })
  limit?: number;

  @PageCursor()
  cursor?: string;
}

export class ServiceProjectMembersRequest extends IntersectionType(ProjectIdRequest, PageRequest) {}

export class EntitlementRoleResponse {
  @ApiProperty({ minLength: 10, maxLength: 10 }) id: string;
  @ApiProperty({ example: 'admin' }) key: string;
  @ApiProperty({ example: '管理者' }) name: string;
}

export class EntitlementResponse {
  @ApiProperty({ minLength: 10, maxLength: 10, example: 'a1B2c3D4e5' }) accountId: string;
  @ApiProperty({ example: 'taro.yamada@example.jp' }) email: string;
  @ApiProperty({ type: String, nullable: true, example: '山田 太郎' }) name: string | null;
  @ApiProperty({ minLength: 8, maxLength: 8, example: 'p1Q2r3S4' }) projectId: string;
  @ApiProperty({ minLength: 8, maxLength: 8, example: 'o1P2q3R4' }) organizationId: string;
  @ApiProperty({ type: EntitlementRoleResponse, nullable: true, description: "The account's role in the organization; null for a non-member." })
  organizationRole: EntitlementRoleResponse | null;
  @ApiProperty({ type: EntitlementRoleResponse, nullable: true, description: "The account's role in the project; null when it has none." })
  projectRole: EntitlementRoleResponse | null;
  @ApiProperty({
    type: [String],
    example: ['project.view', 'project.listMembers', 'organization.view', 'organization.listMembers'],
    description: 'The actions of ENTITLEMENT_ACTIONS that decide() allows the account here (packages/domain/src/permissions.ts).',
  })
  permissions: string[];
  @ApiProperty({ enum: PRODUCT_KEYS, enumName: 'ProductKey', description: "The calling credential's product." }) product: ProductKey;
  @ApiProperty({ type: String, example: 'enterprise', description: "The project's plan of that product (docs/product-rules.md#plans)." }) plan: PlanKey;
}
