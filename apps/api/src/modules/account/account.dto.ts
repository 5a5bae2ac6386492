import { ApiProperty } from '@nestjs/swagger';
import type { Membership } from '@console/domain';
import type { AccountEntity } from './account.entity';

export class ProjectAssignmentResponse {
  @ApiProperty() projectId: string;
  @ApiProperty() roleId: string;
}

export class MembershipResponse {
  @ApiProperty() organizationId: string;
  @ApiProperty() roleId: string;
  @ApiProperty({ type: [ProjectAssignmentResponse] }) projects: ProjectAssignmentResponse[];
}

export class AccountResponse {
  @ApiProperty({ minLength: 10, maxLength: 10 }) id: string;
  @ApiProperty({ type: String, nullable: true }) idaasId: string | null;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) profileImageSrc: string | null;
  @ApiProperty() isSystemAdmin: boolean;
  @ApiProperty({ type: [MembershipResponse] }) memberships: MembershipResponse[];
  @ApiProperty() createdById: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty() updatedById: string;
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
    memberships: memberships.map((m) => ({ organizationId: m.organizationId, roleId: m.roleId, projects: m.projects.map((p) => ({ projectId: p.projectId, roleId: p.roleId })) })),
    createdById: account.createdById,
    createdAt: account.createdAt.toISOString(),
    updatedById: account.updatedById,
    updatedAt: account.updatedAt.toISOString(),
  };
}
