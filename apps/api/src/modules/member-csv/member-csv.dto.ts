import { ApiProperty, ApiPropertyOptional } from '../../common/openapi/decorators';
import {
  ErrorCodes,
  LOCALES,
  MEMBER_CSV_DETECTED_ENCODINGS,
  MEMBER_CSV_ENCODINGS,
  MEMBER_CSV_MAX_BYTES,
  MEMBER_CSV_MAX_ROWS,
  type ErrorCode,
  type Locale,
  type MemberCsvDetectedEncoding,
  type MemberCsvEncoding,
} from '@console/domain';
import { IsIn, IsOptional } from '../../common/validation/class-validator';
import { IsDomainId } from '../../common/http/validators';

/** Form field of the uploaded member CSV (docs/product-rules.md#member-csv). */
export const MEMBER_CSV_FILE_FIELD = 'file';

export class ExportMembersRequest {
  @ApiProperty({ minLength: 8, maxLength: 8, example: 'a1B2c3D4' })
  @IsDomainId('organization')
  organizationId: string;

  @ApiPropertyOptional({
    enum: MEMBER_CSV_ENCODINGS,
    default: 'utf-8',
    example: 'shift_jis',
    description: 'utf-8: UTF-8 with a byte order mark; shift_jis: Windows-31J, a character it cannot hold written as "?".',
  })
  @IsOptional()
  @IsIn(MEMBER_CSV_ENCODINGS)
  encoding?: MemberCsvEncoding;

  @ApiPropertyOptional({ enum: LOCALES, example: 'ja', description: 'Language of the header row; the account’s language when left out.' })
  @IsOptional()
  @IsIn(LOCALES)
  locale?: Locale;
}

/** OpenAPI request body of a member CSV upload. */
export const MEMBER_CSV_UPLOAD_SCHEMA = {
  schema: {
    type: 'object' as const,
    required: ['organizationId', MEMBER_CSV_FILE_FIELD],
    properties: {
      organizationId: { type: 'string' as const, example: 'a1B2c3D4' },
      [MEMBER_CSV_FILE_FIELD]: {
        type: 'string' as const,
        format: 'binary',
        description: `CSV in UTF-8 (with or without BOM) or Shift_JIS; a header row, then at most ${MEMBER_CSV_MAX_ROWS} rows; at most ${MEMBER_CSV_MAX_BYTES / 1024 / 1024} MB.`,
        example: 'メールアドレス,組織ロール,プロジェクトロール\r\nsato@example.com,メンバー,Webサイト:管理者\r\n',
      },
    },
  },
};

export class MemberImportRowResponse {
  @ApiProperty({ description: 'Line of the file the row ends on (the header is line 1).', example: 2 }) line: number;
  @ApiProperty({ description: 'The address as written in the file.', example: 'sato@example.com' }) email: string;
  @ApiProperty({ description: 'The organization role cell as written.', example: 'メンバー' }) organizationRole: string;
  @ApiProperty({ description: 'The project roles cell as written.', example: 'Webサイト:管理者' }) projectRoles: string;
  @ApiProperty({
    enum: Object.values(ErrorCodes),
    enumName: 'ErrorCode',
    nullable: true,
    example: 'ALREADY_ORGANIZATION_MEMBER',
    description:
      'Why the row is not (or was not) invited: INVALID_EMAIL, ROLE_NOT_FOUND, PROJECT_NOT_IN_ORGANIZATION, VALIDATION_FAILED (a project named twice), DUPLICATE_IN_FILE, ALREADY_ORGANIZATION_MEMBER, ALREADY_INVITED, CANNOT_CHANGE_OWN_ROLE, or on import an invitation’s own refusal; null for a valid (invited) row.',
  })
  errorCode: ErrorCode | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'The invitation sent for the row (import only, e.g. iABCDEFGHIJKLMNOPQRST); null otherwise.',
  })
  invitationId: string | null;
}

export class MemberImportResponse {
  @ApiProperty({ enum: MEMBER_CSV_DETECTED_ENCODINGS, example: 'shift_jis', description: 'The encoding the file was read in.' })
  encoding: MemberCsvDetectedEncoding;
  @ApiProperty({ type: [MemberImportRowResponse], description: 'One entry per data row, in file order.' })
  rows: MemberImportRowResponse[];
}
