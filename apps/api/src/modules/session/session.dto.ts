import { ApiProperty } from '../../common/openapi/decorators';
import type { Product } from '@console/domain';
import { IsOptional, IsString, IsUUID, MaxLength } from '../../common/validation/class-validator';
import { IsConsoleEmail } from '../../common/http/validators';
import { AccountResponse, MembershipResponse } from '../account/account.dto';
import type { ProjectEntity } from '../project/project.entity';

export class SessionResponse {
  @ApiProperty({ description: 'Whether the session cookie is now set.' }) active: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the session cookie expires.' }) expiresAt: string | null;
}

export class IntrospectSessionRequest {
  @ApiProperty({ description: "The value of the console's session cookie as the sibling product received it.", example: 'eyJhbGciOiJSUzI1NiJ9.…' })
  @IsString()
  @MaxLength(8192)
  sessionCookie: string;

  @ApiProperty({ required: false, minLength: 8, maxLength: 8, description: 'The project the user is working in, when known.' })
  @IsOptional()
  @IsString()
  @MaxLength(8)
  projectId?: string;
}

export class PasswordChangedRequest {
  @ApiProperty({ example: 'someone@example.com', description: 'The address of the user whose password was just changed with the identity provider.' })
  @IsConsoleEmail()
  email: string;
}

export class IntrospectedProductResponse {
  @ApiProperty({ example: 'knowledge' }) key: string;
  @ApiProperty({ example: 'ナレッジ' }) name: string;
  @ApiProperty({ description: 'Base path on the app host.', example: '/knowledge/' }) path: string;
}

export class IntrospectedProjectResponse {
  @ApiProperty({ minLength: 8, maxLength: 8 }) id: string;
  @ApiProperty({ example: 'サンプルプロジェクト' }) name: string;
  @ApiProperty({ minLength: 8, maxLength: 8 }) organizationId: string;
  @ApiProperty({ type: [IntrospectedProductResponse], description: "The project's enabled products." }) enabledProducts: IntrospectedProductResponse[];
}

export class SessionIntrospectionResponse {
  @ApiProperty({ type: AccountResponse }) account: AccountResponse;
  @ApiProperty({ type: [MembershipResponse] }) memberships: MembershipResponse[];
  @ApiProperty({ type: IntrospectedProjectResponse, nullable: true, description: 'The project asked for (null when none was asked for).' })
  project: IntrospectedProjectResponse | null;
}

export function toIntrospectedProjectResponse(project: ProjectEntity, products: readonly Product[]): IntrospectedProjectResponse {
  return {
    id: project.id,
    name: project.name,
    organizationId: project.organizationId,
    enabledProducts: products.map((p) => ({ key: p.key, name: p.name, path: p.path })),
  };
}

export class SignInSessionResponse {
  @ApiProperty({ format: 'uuid', example: '5b0f3c9e-8a51-4c1e-9a43-2f0d8f6c1b7a' }) id: string;
  @ApiProperty({ description: 'Whether this is the session of the call.', example: true }) current: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'The browser, from the user agent (null when unknown).', example: 'Chrome 142' })
  browser: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The operating system, from the user agent (null when unknown).', example: 'macOS Sequoia' })
  os: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The address at sign-in (null when unknown).', example: '203.0.113.7' })
  ip: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "Approximate place of the address, from the deployment's local GeoIP database (null without one, or when unknown).",
    example: null,
  })
  place: string | null;
  @ApiProperty({ description: 'How the user signed in, as the identity provider names it.', example: 'password' }) signInMethod: string;
  @ApiProperty({ format: 'date-time', example: '2026-11-25T09:00:00.000Z' }) signedInAt: string;
  @ApiProperty({ format: 'date-time', description: 'The last request (recorded at most once a minute).', example: '2026-11-25T09:41:00.000Z' })
  lastSeenAt: string;
}

export class SignInSessionListResponse {
  @ApiProperty({ type: [SignInSessionResponse], description: 'The sessions not revoked nor expired, the most recently seen first.' })
  items: SignInSessionResponse[];
}

export class RevokeSessionRequest {
  @ApiProperty({ format: 'uuid', example: '5b0f3c9e-8a51-4c1e-9a43-2f0d8f6c1b7a' })
  @IsUUID()
  sessionId: string;
}

export class RevokedSessionsResponse {
  @ApiProperty({ description: 'How many sessions were revoked.', example: 2 }) revoked: number;
}
