import { ApiProperty, ApiPropertyOptional, IntersectionType } from '../../common/openapi/decorators';
import { NAME_MAX_LENGTH } from '@console/domain';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsObject, IsOptional, IsString, MaxLength, ValidateIf, ValidateNested } from '../../common/validation/class-validator';
import { ListRequest } from '../../common/http/paging';
import { IsDomainId, IsHttpUrl } from '../../common/http/validators';
import { isoTime } from '../../common/http/iso-time';
import { RoleResponse } from '../role/role.dto';
import type { OrganizationEntity } from './organization.entity';

export class OrganizationIdRequest {
  @ApiProperty({ minLength: 8, maxLength: 8, example: 'a1B2c3D4' })
  @IsDomainId('organization')
  organizationId: string;
}

export class ListOrganizationMembersRequest extends IntersectionType(OrganizationIdRequest, ListRequest) {
  @ApiPropertyOptional({
    minLength: 8,
    maxLength: 8,
    description:
      'Leaves out the members of this project of the organization (e.g. to suggest whom to invite into it); a project of another organization leaves out nobody.',
  })
  @IsOptional()
  @IsDomainId('project')
  notInProjectId?: string;
}

export class OrganizationMemberRequest {
  @ApiProperty({ minLength: 8, maxLength: 8 })
  @IsDomainId('organization')
  organizationId: string;

  @ApiProperty({ minLength: 10, maxLength: 10 })
  @IsDomainId('account')
  accountId: string;
}

export class OrganizationUpdateProps {
  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  name?: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'An http(s) URL, or null to remove the image.' })
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @IsHttpUrl()
  profileImageSrc?: string | null;
}

export class UpdateOrganizationRequest {
  @ApiProperty({ minLength: 8, maxLength: 8 })
  @IsDomainId('organization')
  organizationId: string;

  @ApiProperty({ type: OrganizationUpdateProps })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => OrganizationUpdateProps)
  updateProps: OrganizationUpdateProps;
}

export class UpdateOrganizationSecurityRequest {
  @ApiProperty({ minLength: 8, maxLength: 8 })
  @IsDomainId('organization')
  organizationId: string;

  @ApiProperty({ description: "Whether the organization's members sign in with a second factor to act in it (403 MFA_REQUIRED otherwise)." })
  @IsBoolean()
  mfaRequired: boolean;
}

export class CreateOrganizationRequest {
  @ApiProperty({ maxLength: NAME_MAX_LENGTH, example: '株式会社サンプル' })
  @IsString()
  @MaxLength(1000)
  name: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @IsHttpUrl()
  profileImageSrc?: string | null;
}

export class OrganizationResponse {
  @ApiProperty({ minLength: 8, maxLength: 8 }) id: string;
  @ApiProperty({ example: '株式会社サンプル' }) name: string;
  @ApiProperty({ type: String, nullable: true }) profileImageSrc: string | null;
  @ApiProperty({ description: 'Members sign in with a second factor to act in the organization.' }) mfaRequired: boolean;
  @ApiProperty({ type: [RoleResponse] }) roles: RoleResponse[];
  @ApiProperty({ minLength: 10, maxLength: 10 }) createdById: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ minLength: 10, maxLength: 10 }) updatedById: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export function toOrganizationResponse(organization: OrganizationEntity, roles: readonly RoleResponse[]): OrganizationResponse {
  return {
    id: organization.id,
    name: organization.name,
    profileImageSrc: organization.profileImageSrc,
    mfaRequired: organization.mfaRequired,
    roles: [...roles],
    createdById: organization.createdById,
    createdAt: isoTime(organization.createdAt),
    updatedById: organization.updatedById,
    updatedAt: isoTime(organization.updatedAt),
  };
}
