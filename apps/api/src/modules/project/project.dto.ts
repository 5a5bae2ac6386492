import { ApiProperty, ApiPropertyOptional, IntersectionType, OmitType, PickType } from '../../common/openapi/decorators';
import type { SchemaObject } from '@nestjs/swagger';
import { NAME_MAX_LENGTH, PRODUCTS, type ProductSettings } from '@console/domain';
import { Type } from 'class-transformer';
import { IsDefined, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from '../../common/validation/class-validator';
import { ListRequest } from '../../common/http/paging';
import { IsDomainId } from '../../common/http/validators';
import { isoTime } from '../../common/http/iso-time';
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

export class ListProjectMembersRequest extends IntersectionType(ProjectIdRequest, ListRequest) {}

/** /project/listInAccount: the paging fields, and optionally one organization's projects only. */
export class ListProjectsInAccountRequest extends ListRequest {
  @ApiPropertyOptional({ minLength: 8, maxLength: 8, description: 'Only the projects of this organization (among those the account may see).' })
  @IsOptional()
  @IsDomainId('organization')
  organizationId?: string;
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
  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
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

  @ApiProperty({ maxLength: NAME_MAX_LENGTH, example: 'サンプルプロジェクト' })
  @IsString()
  @MaxLength(1000)
  name: string;
}

export class ProjectResponse {
  @ApiProperty({ minLength: 8, maxLength: 8 }) id: string;
  @ApiProperty({ example: 'サンプルプロジェクト' }) name: string;
  @ApiProperty({ minLength: 8, maxLength: 8 }) organizationId: string;
  @ApiProperty({ type: [RoleResponse] }) roles: RoleResponse[];
  @ApiProperty(PRODUCT_SETTINGS_SCHEMA) productSettings: ProductSettings;
  @ApiProperty({ minLength: 10, maxLength: 10 }) createdById: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ minLength: 10, maxLength: 10 }) updatedById: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/** A role as the project listings show it: what names it (its description and kind are read with the project, /project/get). */
export class RoleSummaryResponse extends PickType(RoleResponse, ['id', 'key', 'name'] as const) {}

/**
 * A project in the listings (/project/listInAccount, /system-admin/project/listAll): its roles
 * summarised, with the name and image of its organization (what the lists group it under).
 */
export class ProjectListItemResponse extends OmitType(ProjectResponse, ['roles'] as const) {
  @ApiProperty({ type: [RoleSummaryResponse] }) roles: RoleSummaryResponse[];
  @ApiProperty({ description: 'The name of the project’s organization.', example: '株式会社サンプル' }) organizationName: string;
  @ApiProperty({ type: String, nullable: true, description: 'The profile image of the project’s organization.' }) organizationProfileImageSrc: string | null;
  @ApiProperty({ description: 'Whether the project’s organization requires a second factor of its members’ sign-ins.' }) organizationMfaRequired: boolean;
}

export function toProjectResponse<R extends RoleSummaryResponse>(project: ProjectEntity, roles: readonly R[]): Omit<ProjectResponse, 'roles'> & { roles: R[] } {
  return {
    id: project.id,
    name: project.name,
    organizationId: project.organizationId,
    roles: [...roles],
    productSettings: project.productSettings,
    createdById: project.createdById,
    createdAt: isoTime(project.createdAt),
    updatedById: project.updatedById,
    updatedAt: isoTime(project.updatedAt),
  };
}
