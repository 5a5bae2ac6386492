import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import { PRODUCTS, type ProductSettings } from '@console/domain';
import { Type } from 'class-transformer';
import { IsDefined, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { IsDomainId } from '../../common/http/validators';
import { RoleResponse } from '../role/role.dto';
import type { ProjectEntity } from './project.entity';

const PLAN_KEYS = [...new Set(PRODUCTS.flatMap((p) => p.plans.map((plan) => plan.key)))];

/** OpenAPI schema of productSettings: keyed by product key, each entry holding a plan. */
const PRODUCT_SETTINGS_SCHEMA: { type: 'object'; description: string; additionalProperties: SchemaObject } = {
  type: 'object',
  description: `Keyed by product key (${PRODUCTS.map((p) => p.key).join(', ')}); a missing product is on the plan none (disabled).`,
  additionalProperties: { type: 'object', properties: { plan: { type: 'string', enum: PLAN_KEYS } }, required: ['plan'] },
};

export class ProjectIdRequest {
  @ApiProperty({ minLength: 8, maxLength: 8, example: 'p1Q2r3S4' })
  @IsDomainId('project')
  projectId: string;
}

export class ProjectMemberRequest {
  @ApiProperty({ minLength: 8, maxLength: 8 })
  @IsDomainId('project')
  projectId: string;

  @ApiProperty({ minLength: 10, maxLength: 10 })
  @IsDomainId('account')
  accountId: string;
}

export class ProjectUpdateProps {
  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  name?: string;

  @ApiPropertyOptional({ ...PRODUCT_SETTINGS_SCHEMA, description: `${PRODUCT_SETTINGS_SCHEMA.description} System administrators only.` })
  @IsOptional()
  @IsObject()
  productSettings?: Record<string, unknown>;
}

export class UpdateProjectRequest {
  @ApiProperty({ minLength: 8, maxLength: 8 })
  @IsDomainId('project')
  projectId: string;

  @ApiProperty({ type: ProjectUpdateProps })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => ProjectUpdateProps)
  updateProps: ProjectUpdateProps;
}

export class CreateProjectRequest {
  @ApiProperty({ minLength: 8, maxLength: 8 })
  @IsDomainId('organization')
  organizationId: string;

  @ApiProperty({ maxLength: 100 })
  @IsString()
  @MaxLength(1000)
  name: string;
}

export class ProjectResponse {
  @ApiProperty({ minLength: 8, maxLength: 8 }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ minLength: 8, maxLength: 8 }) organizationId: string;
  @ApiProperty({ type: [RoleResponse] }) roles: RoleResponse[];
  @ApiProperty(PRODUCT_SETTINGS_SCHEMA) productSettings: ProductSettings;
  @ApiProperty() createdById: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty() updatedById: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export function toProjectResponse(project: ProjectEntity, roles: readonly RoleResponse[]): ProjectResponse {
  return {
    id: project.id,
    name: project.name,
    organizationId: project.organizationId,
    roles: [...roles],
    productSettings: project.productSettings,
    createdById: project.createdById,
    createdAt: project.createdAt.toISOString(),
    updatedById: project.updatedById,
    updatedAt: project.updatedAt.toISOString(),
  };
}
