import { ApiProperty } from '@nestjs/swagger';
import type { Product } from '@console/domain';
import { IsOptional, IsString, MaxLength } from 'class-validator';
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
