import { ApiProperty, IntersectionType } from '../../common/openapi/decorators';
import {
  DOMAIN_CHECK_FAILURES,
  DOMAIN_STATES,
  DOMAIN_VERIFIERS,
  JOIN_MODES,
  type JoinMode,
  verificationRecordName,
  verificationRecordValue,
  type DomainCheckFailure,
  type DomainState,
  type DomainVerifier,
} from '@console/domain';
import { IsString, MaxLength } from '../../common/validation/class-validator';
import { IsDomainId } from '../../common/http/validators';
import { isoTime, isoTimeOrNull } from '../../common/http/iso-time';
import { OrganizationIdRequest } from '../organization/organization.dto';
import type { OrganizationDomainEntity } from './organization-domain.entity';
import type { DomainWithOrganizationRow } from './organization-domain.sql';

/** Longest text the add call reads (a name is checked against the domain rules afterwards). */
const DOMAIN_INPUT_MAX_LENGTH = 300;

export class DomainIdRequest {
  @ApiProperty({ minLength: 12, maxLength: 12, example: 'd1O2m3A4i5N6' })
  @IsDomainId('domain')
  domainId: string;
}

export class OrganizationDomainRequest extends IntersectionType(OrganizationIdRequest, DomainIdRequest) {}

export class AddOrganizationDomainRequest extends OrganizationIdRequest {
  @ApiProperty({
    maxLength: DOMAIN_INPUT_MAX_LENGTH,
    example: '例え.jp',
    description: 'The domain as people write it: an internationalised name is stored in its punycode form, a trailing dot is ignored.',
  })
  @IsString()
  @MaxLength(DOMAIN_INPUT_MAX_LENGTH)
  domain: string;
}

export class ProjectRoleAssignment {
  @ApiProperty({ example: 'p1R2o3J4' }) projectId: string;
  @ApiProperty({ example: 'r1O2l3E4i5' }) roleId: string;
}

/** A domain's join policy (docs/product-rules.md#auto-join). */
export class JoinPolicyResponse {
  @ApiProperty({ enum: JOIN_MODES, enumName: 'JoinMode', example: 'automatic' }) mode: JoinMode;
  @ApiProperty({ type: String, nullable: true, example: 'r1O2l3E4i5', description: 'The organization role a joining person gets; null when off.' })
  roleId: string | null;
  @ApiProperty({ type: [ProjectRoleAssignment], description: 'The project roles a joining person gets.' }) projects: ProjectRoleAssignment[];
}

export class OrganizationDomainResponse {
  @ApiProperty({ example: 'd1O2m3A4i5N6' }) id: string;
  @ApiProperty({ example: 'a1B2c3D4' }) organizationId: string;
  @ApiProperty({ example: 'xn--r8jz45g.jp', description: 'The ASCII (punycode) form, lower case.' }) domain: string;
  @ApiProperty({ example: '例え.jp', description: 'The form people read.' }) displayDomain: string;
  @ApiProperty({ enum: DOMAIN_STATES, enumName: 'DomainState', example: 'failed' }) state: DomainState;
  @ApiProperty({ example: '_console-verification.xn--r8jz45g.jp', description: 'The name of the TXT record to publish.' }) recordName: string;
  @ApiProperty({ example: 'console-verification=3q2-7wEAAAB8jQ1ZkF0hLw', description: 'The value of the TXT record to publish.' })
  recordValue: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastCheckedAt: string | null;
  @ApiProperty({
    enum: DOMAIN_CHECK_FAILURES,
    enumName: 'DomainCheckFailure',
    nullable: true,
    example: 'NO_TXT_RECORD',
    description: 'Why the last check did not find the record; null after a success.',
  })
  lastError: DomainCheckFailure | null;
  @ApiProperty({ description: 'Failed checks in a row since the last success.', example: 0 }) consecutiveFailures: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) verifiedAt: string | null;
  @ApiProperty({ enum: DOMAIN_VERIFIERS, enumName: 'DomainVerifier', nullable: true, example: 'dns', description: 'null until the domain is first verified.' })
  verifiedBy: DomainVerifier | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'The system administrator who verified the domain by hand.' })
  verifiedById: string | null;
  @ApiProperty({ type: JoinPolicyResponse, description: 'What the domain does for people with a verified address on it.' }) joinPolicy: JoinPolicyResponse;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class DomainWithOrganizationResponse extends OrganizationDomainResponse {
  @ApiProperty({ example: '株式会社サンプル' }) organizationName: string;
}

export function toOrganizationDomainResponse(domain: OrganizationDomainEntity): OrganizationDomainResponse {
  return {
    id: domain.id,
    organizationId: domain.organizationId,
    domain: domain.domain,
    displayDomain: domain.displayDomain,
    state: domain.state,
    recordName: verificationRecordName(domain.domain),
    recordValue: verificationRecordValue(domain.verificationToken),
    lastCheckedAt: isoTimeOrNull(domain.lastCheckedAt),
    lastError: domain.lastError,
    consecutiveFailures: domain.consecutiveFailures,
    verifiedAt: isoTimeOrNull(domain.verifiedAt),
    verifiedBy: domain.verifiedBy,
    verifiedById: domain.verifiedById,
    joinPolicy: { mode: domain.joinMode, roleId: domain.joinRoleId, projects: domain.joinProjects.map((p) => ({ projectId: p.projectId, roleId: p.roleId })) },
    createdAt: isoTime(domain.createdAt),
  };
}

export function toDomainWithOrganizationResponse(row: DomainWithOrganizationRow): DomainWithOrganizationResponse {
  return { ...toOrganizationDomainResponse(row), organizationName: row.organizationName };
}
