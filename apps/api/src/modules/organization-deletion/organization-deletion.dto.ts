import { ApiProperty } from '../../common/openapi/decorators';
import { NAME_MAX_LENGTH } from '@console/domain';
import { IsString, MaxLength } from '../../common/validation/class-validator';
import { isoTime } from '../../common/http/iso-time';
import { OrganizationIdRequest } from '../organization/organization.dto';
import type { OrganizationEntity } from '../organization/organization.entity';
import type { DeletedOrganizationRow } from './organization-deletion.sql';

export class DeleteOrganizationRequest extends OrganizationIdRequest {
  @ApiProperty({ maxLength: NAME_MAX_LENGTH, example: '株式会社サンプル', description: 'The organization’s name, typed exactly as a confirmation.' })
  @IsString()
  @MaxLength(1000)
  confirmName: string;
}

export class DeletedOrganizationResponse {
  @ApiProperty({ minLength: 8, maxLength: 8 }) id: string;
  @ApiProperty({ example: '株式会社サンプル' }) name: string;
  @ApiProperty({ type: String, nullable: true }) profileImageSrc: string | null;
  @ApiProperty({ format: 'date-time' }) deletedAt: string;
  @ApiProperty({ type: String, nullable: true, minLength: 10, maxLength: 10 }) deletedById: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The display name of who deleted it (null: unset, or the account is gone).' })
  deletedByName: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The e-mail address of who deleted it (null: the account is gone).' })
  deletedByEmail: string | null;
  @ApiProperty({ format: 'date-time', description: 'When the retention period ends: until then it can be restored, afterwards the purge job removes it.' })
  purgeAt: string;
  @ApiProperty({ description: 'Whether a system administrator can still restore it (its retention period has not ended).' })
  restorable: boolean;
}

export const DAY_MS = 24 * 60 * 60_000;

/** When the retention period of an organization deleted at `deletedAt` ends. */
export function purgeTime(deletedAt: Date, retentionDays: number): Date {
  return new Date(deletedAt.getTime() + retentionDays * DAY_MS);
}

export function toDeletedOrganizationResponse(
  organization: Omit<OrganizationEntity, 'deletedAt'> & { deletedAt: Date },
  deletedBy: { name: string | null; email: string | null },
  retentionDays: number,
  now: Date,
): DeletedOrganizationResponse {
  const purgeAt = purgeTime(organization.deletedAt, retentionDays);
  return {
    id: organization.id,
    name: organization.name,
    profileImageSrc: organization.profileImageSrc,
    deletedAt: isoTime(organization.deletedAt),
    deletedById: organization.deletedById,
    deletedByName: deletedBy.name,
    deletedByEmail: deletedBy.email === '' ? null : deletedBy.email,
    purgeAt: isoTime(purgeAt),
    restorable: purgeAt > now && organization.purgeLeaseUntil === null,
  };
}

/** A listing's row as its response. */
export function toDeletedOrganizationRowResponse(row: DeletedOrganizationRow, retentionDays: number, now: Date): DeletedOrganizationResponse {
  return toDeletedOrganizationResponse(row, { name: row.deleted_by_name, email: row.deleted_by_email }, retentionDays, now);
}
