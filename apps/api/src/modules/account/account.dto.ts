import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '../../common/openapi/decorators';
import { LOCALES, NAME_MAX_LENGTH, type Locale, type Membership } from '@console/domain';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsObject, IsString, MaxLength, ValidateIf, ValidateNested } from '../../common/validation/class-validator';
import { IsConsoleEmail, IsDomainId, IsHttpUrl } from '../../common/http/validators';
import { isoTime } from '../../common/http/iso-time';
import type { AccountEntity } from './account.entity';

export class ProjectAssignmentResponse {
  @ApiProperty({ minLength: 8, maxLength: 8 }) projectId: string;
  @ApiProperty({ minLength: 10, maxLength: 10 }) roleId: string;
}

export class MembershipResponse {
  @ApiProperty({ minLength: 8, maxLength: 8 }) organizationId: string;
  @ApiProperty({ minLength: 10, maxLength: 10 }) roleId: string;
  @ApiProperty({ type: [ProjectAssignmentResponse] }) projects: ProjectAssignmentResponse[];
}

export class AccountResponse {
  @ApiProperty({ minLength: 10, maxLength: 10 }) id: string;
  @ApiProperty({ type: String, nullable: true }) idaasId: string | null;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ example: 'taro.yamada@example.jp' }) email: string;
  @ApiProperty({ type: String, nullable: true }) profileImageSrc: string | null;
  @ApiProperty() isSystemAdmin: boolean;
  @ApiProperty({ enum: LOCALES, enumName: 'Locale', description: 'The language the account chose for the console and its e-mails.' }) locale: Locale;
  @ApiProperty({ type: [MembershipResponse] }) memberships: MembershipResponse[];
  @ApiProperty({ minLength: 10, maxLength: 10 }) createdById: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ minLength: 10, maxLength: 10 }) updatedById: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export function toAccountResponse(account: AccountEntity, memberships: readonly Membership[]): AccountResponse {
  return {
    id: account.id,
    idaasId: account.idaasId,
    name: account.name,
    email: account.email,
    profileImageSrc: account.profileImageSrc,
    isSystemAdmin: account.isSystemAdmin,
    locale: account.locale,
    memberships: memberships.map((m) => ({
      organizationId: m.organizationId,
      roleId: m.roleId,
      projects: m.projects.map((p) => ({ projectId: p.projectId, roleId: p.roleId })),
    })),
    createdById: account.createdById,
    createdAt: isoTime(account.createdAt),
    updatedById: account.updatedById,
    updatedAt: isoTime(account.updatedAt),
  };
}

/** A language the account chooses; absent leaves it (or, on creation, the default Japanese). */
function LocaleProperty(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ enum: LOCALES, enumName: 'Locale', description: 'The language of the console and of the e-mails the account sends.' }),
    ValidateIf((_, value) => value !== undefined),
    IsIn(LOCALES),
  );
}

export class CreateAccountRequest {
  @LocaleProperty()
  locale?: Locale;
}

export class UpdateAccountRequest {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: NAME_MAX_LENGTH, description: 'null clears the name (shown as 未設定).' })
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @IsString()
  @MaxLength(1000)
  name?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'An http(s) URL (e.g. from /account/uploadProfileImage), or null to remove the image.' })
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @IsHttpUrl()
  profileImageSrc?: string | null;

  @LocaleProperty()
  locale?: Locale;
}

export class AssignProjectRoleProps {
  @ApiProperty({ minLength: 8, maxLength: 8 })
  @IsDomainId('project')
  projectId: string;

  @ApiProperty({ minLength: 10, maxLength: 10 })
  @IsDomainId('role')
  roleId: string;
}

export class AssignProjectRoleRequest {
  @ApiProperty({ minLength: 10, maxLength: 10 })
  @IsDomainId('account')
  accountId: string;

  @ApiProperty({ minLength: 8, maxLength: 8 })
  @IsDomainId('organization')
  organizationId: string;

  @ApiProperty({ type: AssignProjectRoleProps })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => AssignProjectRoleProps)
  props: AssignProjectRoleProps;
}

export class AssignOrganizationRoleProps {
  @ApiProperty({ minLength: 8, maxLength: 8 })
  @IsDomainId('organization')
  organizationId: string;

  @ApiProperty({ minLength: 10, maxLength: 10 })
  @IsDomainId('role')
  roleId: string;
}

export class AssignOrganizationRoleRequest {
  @ApiProperty({ minLength: 10, maxLength: 10 })
  @IsDomainId('account')
  accountId: string;

  @ApiProperty({ type: AssignOrganizationRoleProps })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => AssignOrganizationRoleProps)
  props: AssignOrganizationRoleProps;
}

export class UpdateIsSystemAdminRequest {
  @ApiProperty({ example: 'someone@example.com' })
  @IsConsoleEmail()
  email: string;

  @ApiProperty()
  @IsBoolean()
  isSystemAdmin: boolean;
}
