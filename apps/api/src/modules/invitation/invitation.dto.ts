import { ApiProperty, IntersectionType } from '../../common/openapi/decorators';
import { ErrorCodes, invitationStatus, MAX_EMAILS_PER_INVITE, type ErrorCode, type InvitationStatus } from '@console/domain';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsObject, IsString, MaxLength, ValidateNested } from '../../common/validation/class-validator';
import { ListRequest } from '../../common/http/paging';
import { isoTime } from '../../common/http/iso-time';
import { AccountResponse, ProjectAssignmentResponse } from '../account/account.dto';
import type { OrganizationEntity } from '../organization/organization.entity';
import type { InvitationEntity } from './invitation.entity';

export class InviteProjectRequest {
  @ApiProperty({ minLength: 8, maxLength: 8 }) @IsString() @MaxLength(8) projectId: string;
  @ApiProperty({ minLength: 10, maxLength: 10 }) @IsString() @MaxLength(10) roleId: string;
}

export class InviteMembersProps {
  @ApiProperty({
    minLength: 10,
    maxLength: 10,
    description: 'The organization role of the invitees; a project admin (not an organization admin) gives the member role only.',
  })
  @IsString()
  @MaxLength(10)
  roleId: string;

  @ApiProperty({
    type: [InviteProjectRequest],
    description: 'Project roles of the invitees; a project admin (not an organization admin) names at least one project, each one it administers.',
  })
  @IsArray()
  @ArrayMaxSize(MAX_EMAILS_PER_INVITE)
  @ValidateNested({ each: true })
  @Type(() => InviteProjectRequest)
  projects: InviteProjectRequest[];
}

export class InviteMembersRequest {
  @ApiProperty({ minLength: 8, maxLength: 8 }) @IsString() @MaxLength(8) organizationId: string;

  @ApiProperty({
    type: [String],
    description: 'Addresses to invite; duplicates (case-insensitive) are removed, an invalid one fails only its own entry.',
    example: ['hanako.sato@example.jp'],
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_EMAILS_PER_INVITE)
  @IsString({ each: true })
  @MaxLength(320, { each: true })
  emails: string[];

  @ApiProperty({ type: InviteMembersProps }) @IsObject() @ValidateNested() @Type(() => InviteMembersProps) props: InviteMembersProps;
}

class OrganizationIdRequest {
  @ApiProperty({ minLength: 8, maxLength: 8 }) @IsString() @MaxLength(8) organizationId: string;
}

class ProjectIdRequest {
  @ApiProperty({ minLength: 8, maxLength: 8 }) @IsString() @MaxLength(8) projectId: string;
}

export class ListOrganizationInvitationsRequest extends IntersectionType(OrganizationIdRequest, ListRequest) {}

export class ListProjectInvitationsRequest extends IntersectionType(ProjectIdRequest, ListRequest) {}

export class InvitationIdRequest {
  @ApiProperty({ minLength: 21, maxLength: 21 }) @IsString() @MaxLength(21) invitationId: string;
}

export class InvitationMembershipResponse {
  @ApiProperty({ minLength: 8, maxLength: 8 }) organizationId: string;
  @ApiProperty({ minLength: 10, maxLength: 10 }) roleId: string;
  @ApiProperty({ type: [ProjectAssignmentResponse] }) projects: ProjectAssignmentResponse[];
}

export class InvitationResponse {
  @ApiProperty({ minLength: 21, maxLength: 21 }) id: string;
  @ApiProperty({ description: 'Lifetime in seconds from createdAt.', example: 604800 }) expiredIn: number;
  @ApiProperty({ example: 'hanako.sato@example.jp' }) email: string;
  @ApiProperty() canBeSuperAdmin: boolean;
  @ApiProperty({ type: InvitationMembershipResponse }) membership: InvitationMembershipResponse;
  @ApiProperty({ enum: ['pending', 'expired', 'accepted', 'cancelled'] }) status: InvitationStatus;
  @ApiProperty({ minLength: 10, maxLength: 10 }) createdById: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({
    description: 'Whether its e-mail was given up as failed (it can be sent again with /organization/resendInvitation); false outside the listings.',
  })
  emailDeliveryFailed: boolean;
}

export class InvitationOrganizationResponse {
  @ApiProperty({ minLength: 8, maxLength: 8 }) id: string;
  @ApiProperty({ example: '株式会社サンプル' }) name: string;
  @ApiProperty({ type: String, nullable: true }) profileImageSrc: string | null;
}

export class InvitationWithOrganizationResponse {
  @ApiProperty({ type: InvitationResponse }) invitation: InvitationResponse;
  @ApiProperty({ type: InvitationOrganizationResponse }) organization: InvitationOrganizationResponse;
}

export class InviteResultEntryResponse {
  @ApiProperty({ example: 'hanako.sato@example.jp' }) email: string;
  @ApiProperty({ type: InvitationResponse, nullable: true, description: 'The invitation sent, when the address was invited.' })
  invitation: InvitationResponse | null;
  @ApiProperty({
    type: AccountResponse,
    nullable: true,
    description: 'The account with its membership in this organization, when it already belonged to the organization and got the projects directly.',
  })
  account: AccountResponse | null;
  @ApiProperty({
    enum: Object.values(ErrorCodes),
    enumName: 'ErrorCode',
    nullable: true,
    description: 'Why the address was neither invited nor given the projects (INVALID_EMAIL for a malformed address); null when it was.',
  })
  errorCode: ErrorCode | null;
}

export function toInvitationResponse(invitation: InvitationEntity, now: Date, emailDeliveryFailed = false): InvitationResponse {
  return {
    id: invitation.id,
    expiredIn: invitation.expiredIn,
    email: invitation.email,
    canBeSuperAdmin: invitation.canBeSuperAdmin,
    membership: {
      organizationId: invitation.organizationId,
      roleId: invitation.roleId,
      projects: invitation.projects.map((p) => ({ projectId: p.projectId, roleId: p.roleId })),
    },
    status: invitationStatus(invitation, now),
    createdById: invitation.createdById,
    createdAt: isoTime(invitation.createdAt),
    emailDeliveryFailed,
  };
}

export function toInvitationOrganizationResponse(organization: OrganizationEntity): InvitationOrganizationResponse {
  return { id: organization.id, name: organization.name, profileImageSrc: organization.profileImageSrc };
}
