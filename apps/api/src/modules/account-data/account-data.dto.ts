import { ApiProperty } from '../../common/openapi/decorators';
import { LOCALES, type Locale } from '@console/domain';
import { IsString, MaxLength } from '../../common/validation/class-validator';
import { AuditEventResponse } from '../audit/audit.dto';
import { InvitationResponse } from '../invitation/invitation.dto';

/** How many invitations (of each kind) and audit events an export holds at most, newest first (docs/product-rules.md#account-data-export). */
export const ACCOUNT_EXPORT_LIMIT = 1000;

export class DeleteAccountRequest {
  @ApiProperty({ example: 'taro.yamada@example.jp', description: "The account's email address, typed by the person to confirm the deletion." })
  @IsString()
  @MaxLength(1000)
  confirmation: string;
}

export class DeletedAccountResponse {
  @ApiProperty({ minLength: 10, maxLength: 10, example: 'AbCdEf1234' }) id: string;
  @ApiProperty({ format: 'date-time' }) deletedAt: string;
}

export class NamedOrganizationResponse {
  @ApiProperty({ minLength: 8, maxLength: 8, example: 'AbCd1234' }) id: string;
  @ApiProperty({ example: '株式会社サンプル' }) name: string;
}

export class AccountDeletionCheckResponse {
  @ApiProperty({
    type: [NamedOrganizationResponse],
    description:
      'The organizations whose last administrator the account is, by name: it makes another member an administrator of each before it can be deleted.',
  })
  lastAdminOf: NamedOrganizationResponse[];
}

export class ExportedRoleResponse {
  @ApiProperty({ minLength: 10, maxLength: 10 }) id: string;
  @ApiProperty({ example: 'admin' }) key: string;
  @ApiProperty({ example: '管理者' }) name: string;
}

export class ExportedProjectMembershipResponse {
  @ApiProperty({ minLength: 8, maxLength: 8 }) projectId: string;
  @ApiProperty({ example: 'サンプルプロジェクト' }) projectName: string;
  @ApiProperty({ type: ExportedRoleResponse }) role: ExportedRoleResponse;
}

export class ExportedMembershipResponse {
  @ApiProperty({ minLength: 8, maxLength: 8 }) organizationId: string;
  @ApiProperty({ example: '株式会社サンプル' }) organizationName: string;
  @ApiProperty({ type: ExportedRoleResponse }) role: ExportedRoleResponse;
  @ApiProperty({ type: [ExportedProjectMembershipResponse] }) projects: ExportedProjectMembershipResponse[];
}

export class ExportedProfileResponse {
  @ApiProperty({ minLength: 10, maxLength: 10 }) id: string;
  @ApiProperty({ type: String, nullable: true, example: '山田 太郎' }) name: string | null;
  @ApiProperty({ example: 'taro.yamada@example.jp' }) email: string;
  @ApiProperty({ type: String, nullable: true }) profileImageSrc: string | null;
  @ApiProperty({ enum: LOCALES, enumName: 'Locale' }) locale: Locale;
  @ApiProperty() isSystemAdmin: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class ExportTruncationResponse {
  @ApiProperty({ description: 'More invitations were sent than the export holds.' }) invitationsSent: boolean;
  @ApiProperty({ description: 'More invitations were received than the export holds.' }) invitationsReceived: boolean;
  @ApiProperty({ description: 'The account acted in more audit events than the export holds.' }) auditEvents: boolean;
}

export class AccountDataExportResponse {
  @ApiProperty({ format: 'date-time' }) exportedAt: string;
  @ApiProperty({ description: 'How many invitations of each kind and audit events the export holds at most (the newest).', example: ACCOUNT_EXPORT_LIMIT })
  limit: number;
  @ApiProperty({ type: ExportTruncationResponse }) truncated: ExportTruncationResponse;
  @ApiProperty({ type: ExportedProfileResponse }) profile: ExportedProfileResponse;
  @ApiProperty({ type: [ExportedMembershipResponse] }) memberships: ExportedMembershipResponse[];
  @ApiProperty({ type: [InvitationResponse], description: 'Invitations the account sent (any status), newest first.' }) invitationsSent: InvitationResponse[];
  @ApiProperty({
    type: [InvitationResponse],
    description:
      "Invitations to the account's address that it accepted, that are open, or that were cancelled once it existed (not those of an earlier, deleted account of the same address), newest first.",
  })
  invitationsReceived: InvitationResponse[];
  @ApiProperty({ type: [AuditEventResponse], description: 'Audit events where the account is the actor, newest first.' }) auditEvents: AuditEventResponse[];
}
