import { ApiProperty } from '../../common/openapi/decorators';
import { IsDomainId } from '../../common/http/validators';
import { isoTime } from '../../common/http/iso-time';
import type { OrganizationKarteMappingEntity } from './organization-karte-mapping.entity';
import type { ProjectKarteMappingEntity } from './project-karte-mapping.entity';

export class ProjectKarteMappingRequest {
  @ApiProperty({ minLength: 8, maxLength: 8 })
  @IsDomainId('project')
  projectId: string;
}

export class UpsertProjectKarteMappingRequest {
  @ApiProperty({ minLength: 8, maxLength: 8 })
  @IsDomainId('project')
  projectId: string;

  @ApiProperty({ minLength: 24, maxLength: 24, pattern: '^[0-9A-Za-z]{24}$' })
  @IsDomainId('karteProject')
  karteProjectId: string;
}

export class OrganizationKarteMappingRequest {
  @ApiProperty({ minLength: 8, maxLength: 8 })
  @IsDomainId('organization')
  organizationId: string;
}

export class UpsertOrganizationKarteMappingRequest {
  @ApiProperty({ minLength: 8, maxLength: 8 })
  @IsDomainId('organization')
  organizationId: string;

  @ApiProperty({ minLength: 24, maxLength: 24, pattern: '^[0-9A-Za-z]{24}$' })
  @IsDomainId('karteOrganization')
  karteOrganizationId: string;
}

/** The project's KARTE mapping; the optional KARTE API key is a secret and never leaves the server. */
export class ProjectKarteMappingResponse {
  @ApiProperty({ minLength: 8, maxLength: 8 }) rtProjectId: string;
  @ApiProperty({ minLength: 24, maxLength: 24 }) karteProjectId: string;
  @ApiProperty({ minLength: 10, maxLength: 10 }) createdById: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ minLength: 10, maxLength: 10 }) updatedById: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class OrganizationKarteMappingResponse {
  @ApiProperty({ minLength: 8, maxLength: 8 }) rtOrganizationId: string;
  @ApiProperty({ minLength: 24, maxLength: 24 }) karteOrganizationId: string;
  @ApiProperty({ minLength: 10, maxLength: 10 }) createdById: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ minLength: 10, maxLength: 10 }) updatedById: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export function toProjectKarteMappingResponse(mapping: ProjectKarteMappingEntity): ProjectKarteMappingResponse {
  return {
    rtProjectId: mapping.rtProjectId,
    karteProjectId: mapping.karteProjectId,
    createdById: mapping.createdById,
    createdAt: isoTime(mapping.createdAt),
    updatedById: mapping.updatedById,
    updatedAt: isoTime(mapping.updatedAt),
  };
}

export function toOrganizationKarteMappingResponse(mapping: OrganizationKarteMappingEntity): OrganizationKarteMappingResponse {
  return {
    rtOrganizationId: mapping.rtOrganizationId,
    karteOrganizationId: mapping.karteOrganizationId,
    createdById: mapping.createdById,
    createdAt: isoTime(mapping.createdAt),
    updatedById: mapping.updatedById,
    updatedAt: isoTime(mapping.updatedAt),
  };
}
