import { ApiProperty, ApiPropertyOptional, IntersectionType } from '../../common/openapi/decorators';
import { JOIN_MODES, JOIN_REQUEST_STATUSES, type JoinMode, type JoinRequestStatus } from '@console/domain';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength, ValidateNested } from '../../common/validation/class-validator';
import { ListRequest } from '../../common/http/paging';
import { IsDomainId } from '../../common/http/validators';
import { isoTime, isoTimeOrNull } from '../../common/http/iso-time';
import { InviteProjectRequest } from '../invitation/invitation.dto';
import { OrganizationDomainRequest } from '../organization-domain/organization-domain.dto';
import { OrganizationIdRequest } from '../organization/organization.dto';
import type { JoinRequestRow } from './organization-join.sql';

/** Most projects a join policy names. */
const MAX_POLICY_PROJECTS = 100;

export class SetJoinPolicyRequest extends OrganizationDomainRequest {
  @ApiProperty({ enum: JOIN_MODES, enumName: 'JoinMode', example: 'automatic' })
  @IsIn(JOIN_MODES)
  mode: JoinMode;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    minLength: 10,
    maxLength: 10,
    description: 'The organization role a joining person gets; required unless off.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  roleId?: string | null;

  @ApiPropertyOptional({ type: [InviteProjectRequest], description: 'The project roles a joining person gets (none by default).' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_POLICY_PROJECTS)
  @ValidateNested({ each: true })
  @Type(() => InviteProjectRequest)
  projects?: InviteProjectRequest[];
}

class JoinRequestIdRequest {
  @ApiProperty({ minLength: 12, maxLength: 12, example: 'j1O2i3N4r5Q6' })
  @IsDomainId('joinRequest')
  joinRequestId: string;
}

export class OrganizationJoinRequestRequest extends IntersectionType(OrganizationIdRequest, JoinRequestIdRequest) {}

export class ListJoinRequestsRequest extends IntersectionType(OrganizationIdRequest, ListRequest) {
  @ApiPropertyOptional({ enum: JOIN_REQUEST_STATUSES, enumName: 'JoinRequestStatus', description: 'Only the requests in this state (all by default).' })
  @IsOptional()
  @IsIn(JOIN_REQUEST_STATUSES)
  status?: JoinRequestStatus;
}

export class JoinRequestResponse {
  @ApiProperty({ example: 'j1O2i3N4r5Q6' }) id: string;
  @ApiProperty({ example: 'a1B2c3D4' }) organizationId: string;
  @ApiProperty({ example: '株式会社サンプル' }) organizationName: string;
  @ApiProperty({ example: 'x1Y2z3W4v5' }) accountId: string;
  @ApiProperty({ type: String, nullable: true, example: '山田 太郎' }) name: string | null;
  @ApiProperty({ example: 'taro@example.co.jp' }) email: string;
  @ApiProperty({ type: String, nullable: true, example: 'example.co.jp', description: 'The domain it was sent under; null once that domain is removed.' })
  domain: string | null;
  @ApiProperty({ enum: JOIN_REQUEST_STATUSES, enumName: 'JoinRequestStatus', example: 'pending' }) status: JoinRequestStatus;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) decidedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The admin who approved or declined it.' }) decidedById: string | null;
}

export class PendingJoinRequestCountResponse {
  @ApiProperty({ example: 3 }) count: number;
}

export class JoinedOrganizationResponse {
  @ApiProperty({ example: 'a1B2c3D4' }) organizationId: string;
  @ApiProperty({ example: '株式会社サンプル' }) organizationName: string;
  @ApiProperty({ type: [String], example: ['p1R2o3J4'], description: 'The projects the person got a role in.' }) projectIds: string[];
}

/** An organization the person may join (or ask to join) with their address's domain. */
export class JoinableOrganizationResponse {
  @ApiProperty({ example: 'a1B2c3D4' }) organizationId: string;
  @ApiProperty({ example: '株式会社サンプル' }) organizationName: string;
  @ApiProperty({ example: 'example.co.jp' }) domain: string;
  @ApiProperty({ enum: JOIN_MODES, enumName: 'JoinMode', example: 'request' }) mode: JoinMode;
  @ApiProperty({ example: false, description: 'The address must be verified with the identity provider first.' }) needsEmailVerification: boolean;
}

export class JoinOptionsResponse {
  @ApiProperty({ example: true, description: 'Whether the identity provider has verified the address.' }) emailVerified: boolean;
  @ApiProperty({ type: [JoinedOrganizationResponse], description: 'The organizations this call joined automatically.' }) joined: JoinedOrganizationResponse[];
  @ApiProperty({ type: [JoinableOrganizationResponse], description: 'The organizations the person may still join or ask to join.' })
  available: JoinableOrganizationResponse[];
  @ApiProperty({ type: [JoinRequestResponse], description: 'The person’s own join requests, newest first (the latest 20).' }) requests: JoinRequestResponse[];
}

export function toJoinRequestResponse(row: JoinRequestRow): JoinRequestResponse {
  return {
    id: row.id,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    accountId: row.accountId,
    name: row.accountName,
    email: row.email,
    domain: row.displayDomain,
    status: row.status,
    createdAt: isoTime(row.createdAt),
    decidedAt: isoTimeOrNull(row.decidedAt),
    decidedById: row.decidedById,
  };
}
