import type { ApiPropertyOptions } from '@nestjs/swagger';
import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath, IntersectionType } from '../../common/openapi/decorators';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, LIST_PAGE_SIZE, type AuditAction, type AuditTargetType } from '@console/domain';
import { IsIn, IsISO8601, IsOptional, IsString, MaxLength } from '../../common/validation/class-validator';
import { PageCursor, PageLimit } from '../../common/http/paging';
import { IsDomainId } from '../../common/http/validators';

/** The filters of every listing and export; all optional, combined with AND. */
export class AuditEventFilterRequest {
  @ApiPropertyOptional({ minLength: 10, maxLength: 10, description: 'Events of this acting account.' })
  @IsOptional()
  @IsDomainId('account')
  actorAccountId?: string;

  @ApiPropertyOptional({ enum: AUDIT_ACTIONS, enumName: 'AuditAction' })
  @IsOptional()
  @IsIn(AUDIT_ACTIONS)
  action?: AuditAction;

  @ApiPropertyOptional({ enum: AUDIT_TARGET_TYPES, enumName: 'AuditTargetType' })
  @IsOptional()
  @IsIn(AUDIT_TARGET_TYPES)
  targetType?: AuditTargetType;

  @ApiPropertyOptional({ maxLength: 128, description: 'Events acting on this target (an account, organization, project, invitation … id).' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  targetId?: string;

  @ApiPropertyOptional({ minLength: 8, maxLength: 8, description: 'Events in this project.' })
  @IsOptional()
  @IsDomainId('project')
  projectId?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Events at or after this time (ISO 8601).' })
  @IsOptional()
  @IsISO8601({ strict: true })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Events before this time (ISO 8601, exclusive).' })
  @IsOptional()
  @IsISO8601({ strict: true })
  to?: string;
}

export class ExportOrganizationAuditEventsRequest extends AuditEventFilterRequest {
  @ApiProperty({ minLength: 8, maxLength: 8 })
  @IsDomainId('organization')
  organizationId: string;
}

/** One page of a listing. */
export class AuditPageRequest {
  @PageLimit({ default: LIST_PAGE_SIZE })
  limit?: number;

  @PageCursor()
  cursor?: string;
}

export class ListOrganizationAuditEventsRequest extends IntersectionType(ExportOrganizationAuditEventsRequest, AuditPageRequest) {}

export class ExportAllAuditEventsRequest extends AuditEventFilterRequest {
  @ApiPropertyOptional({ minLength: 8, maxLength: 8, description: 'Events of this organization only.' })
  @IsOptional()
  @IsDomainId('organization')
  organizationId?: string;
}

export class ListAllAuditEventsRequest extends IntersectionType(ExportAllAuditEventsRequest, AuditPageRequest) {}

export class AuditActorResponse {
  @ApiProperty({ minLength: 10, maxLength: 10 }) accountId: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ example: 'taro.yamada@example.jp', description: 'Empty once the account was deleted.' }) email: string;
  @ApiProperty({ description: 'Whether the account acted with system-admin rights.' }) isSystemAdmin: boolean;
  @ApiProperty({ description: 'Whether the account was deleted since (its name and email are cleared; shown as a deleted account).' }) deleted: boolean;
}

/** Any JSON value. */
const JSON_VALUE: ApiPropertyOptions = {
  oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'object', additionalProperties: true }, { type: 'array', items: {} }],
  nullable: true,
};

export class AuditChangeResponse {
  @ApiProperty({ ...JSON_VALUE, description: 'The value before the change (null when there was none).' }) before: unknown;
  @ApiProperty({ ...JSON_VALUE, description: 'The value after the change (null when there is none).' }) after: unknown;
}

@ApiExtraModels(AuditChangeResponse)
export class AuditEventResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) occurredAt: string;
  @ApiProperty({ type: AuditActorResponse, nullable: true, description: 'null when no account acted (a session opened by a user without an account).' })
  actor: AuditActorResponse | null;
  @ApiProperty({ enum: AUDIT_ACTIONS, enumName: 'AuditAction' }) action: AuditAction;
  @ApiProperty({ enum: AUDIT_TARGET_TYPES, enumName: 'AuditTargetType' }) targetType: AuditTargetType;
  @ApiProperty({ example: 'AbCdEf1234' }) targetId: string;
  @ApiProperty({ type: String, nullable: true }) organizationId: string | null;
  @ApiProperty({ type: String, nullable: true }) projectId: string | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: getSchemaPath(AuditChangeResponse) },
    description: 'The changed fields, each with its value before and after. Image changes record URLs only; tokens and cookies are never recorded.',
  })
  changes: Record<string, AuditChangeResponse>;
  @ApiProperty({ type: String, nullable: true }) requestId: string | null;
  @ApiProperty({ type: String, nullable: true }) ip: string | null;
  @ApiProperty({ type: String, nullable: true }) userAgent: string | null;
}
