import { assertValidId, ERROR_MESSAGES, ErrorCodes, MEMBER_CSV_MAX_BYTES, PRODUCT_ERROR_NAME, type ErrorCode } from '@console/domain';
import { applyDecorators, Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '../../common/openapi/decorators';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../common/auth/access.decorator';
import { CurrentOperator } from '../../common/auth/current-operator.decorator';
import type { Operator } from '../../common/auth/operator';
import { sendCsv } from '../../common/http/csv';
import { readFileUpload } from '../../common/http/multipart';
import { ReadCall } from '../../common/http/read-call';
import { WriteFailure } from '../../common/http/write-failure';
import { AuditContext } from '../audit/audit-context';
import { ExportMembersRequest, MEMBER_CSV_FILE_FIELD, MEMBER_CSV_UPLOAD_SCHEMA, MemberImportResponse } from './member-csv.dto';
import { MemberExportService } from './member-export.service';
import { MemberImportService } from './member-import.service';

const MEMBER_CSV_FILE_NAME = 'members.csv';

/**
 * The error answers of a member CSV call as OpenAPI responses: each status with the error codes
 * it carries (docs/product-rules.md#errors) and an example body of the first.
 */
function ApiErrorAnswers(answers: Record<number, readonly ErrorCode[]>): MethodDecorator {
  return applyDecorators(
    ...Object.entries(answers).map(([status, codes]) => {
      const [first = 'INTERNAL'] = codes;
      return ApiResponse({
        status: Number(status),
        description: codes.join(', '),
        schema: {
          type: 'object',
          required: ['name', 'errorCode', 'message'],
          properties: { name: { type: 'string', enum: [PRODUCT_ERROR_NAME] }, errorCode: { type: 'string', enum: [...codes] }, message: { type: 'string' } },
          example: { name: PRODUCT_ERROR_NAME, errorCode: first, message: ERROR_MESSAGES[first] },
        },
      });
    }),
  );
}

/** The refusals every member CSV call shares: signed out, no account, not an organization admin, an unknown organization. */
const ACCESS_ERRORS = { 401: ['UNAUTHENTICATED'], 403: ['FORBIDDEN'], 404: ['NOT_FOUND', 'ACCOUNT_NOT_FOUND'] } as const;
/** The refusals of an uploaded member CSV (the call changes nothing). */
const UPLOAD_ERRORS = {
  ...ACCESS_ERRORS,
  400: ['CSV_HEADER_INVALID', 'CSV_EMPTY', 'CSV_TOO_MANY_ROWS', 'CSV_UNREADABLE', 'CSV_MALFORMED', 'INVALID_ID', 'VALIDATION_FAILED'],
  413: ['CSV_TOO_LARGE'],
} as const;

/** The upload each request carried, once read: a read call run again after a lost database connection finds its body consumed. */
const uploads = new WeakMap<FastifyRequest, Promise<{ organizationId: string; file: Buffer }>>();

/** Reads the uploaded member CSV and its organization id (once per request). */
function readMemberCsv(request: FastifyRequest): Promise<{ organizationId: string; file: Buffer }> {
  let upload = uploads.get(request);
  if (!upload) {
    upload = readFileUpload(request, {
      fileField: MEMBER_CSV_FILE_FIELD,
      allowedFields: ['organizationId'],
      maxBytes: MEMBER_CSV_MAX_BYTES,
      tooLarge: 'CSV_TOO_LARGE',
      empty: 'CSV_EMPTY',
    }).then(({ file, fields }) => {
      const { organizationId } = fields;
      assertValidId('organization', organizationId);
      return { organizationId, file };
    });
    uploads.set(request, upload);
  }
  return upload;
}

/** The member CSV of an organization: export, and import as invitations (docs/product-rules.md#member-csv). */
@ApiTags('organization')
@ApiBearerAuth()
@Controller('organization')
export class MemberCsvController {
  constructor(
    private readonly exporting: MemberExportService,
    private readonly importing: MemberImportService,
  ) {}

  @Post('exportMembers')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiOperation({
    summary: 'Export the members as CSV',
    description:
      'The organization’s members in the order they joined (address, name, organization role, project roles, joined day in JST), header in the chosen language; for organization admins. Cells a spreadsheet would run as a formula get a leading single quote.',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: `The members as the attachment ${MEMBER_CSV_FILE_NAME}, in UTF-8 with BOM or Shift_JIS.`,
    schema: {
      type: 'string',
      example: 'メールアドレス,名前,組織ロール,プロジェクトロール,参加日\r\nsato@example.com,佐藤 花子,管理者,Webサイト:管理者,2026-04-01\r\n',
    },
  })
  @ApiErrorAnswers({ ...ACCESS_ERRORS, 400: ['INVALID_ID', 'VALIDATION_FAILED'] })
  async exportMembers(@CurrentOperator() operator: Operator, @Body() body: ExportMembersRequest, @Res() reply: FastifyReply): Promise<void> {
    await sendCsv(reply, await this.exporting.export(operator, body), MEMBER_CSV_FILE_NAME, body.encoding);
  }

  @Post('previewMemberImport')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiOperation({
    summary: 'Check a member CSV before importing it',
    description: 'Reads the file and answers each row with its validation result; changes nothing. For organization admins.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody(MEMBER_CSV_UPLOAD_SCHEMA)
  @ApiOkResponse({
    type: MemberImportResponse,
    description: 'The detected encoding and one entry per data row; errorCode null for a row the import would invite.',
  })
  @ApiErrorAnswers(UPLOAD_ERRORS)
  async previewMemberImport(@CurrentOperator() operator: Operator, @Req() request: FastifyRequest): Promise<MemberImportResponse> {
    const { organizationId, file } = await readMemberCsv(request);
    return this.importing.preview(operator, organizationId, file);
  }

  @Post('importMembers')
  @WriteFailure(ErrorCodes.FAILED_TO_INVITE)
  @HttpCode(200)
  @Access('account')
  @ApiOperation({
    summary: 'Invite the members of a CSV file',
    description:
      'Validates the file as the preview does, then invites each valid row as /organization/inviteMembers does (same rules, daily limit, e-mails and audit events). Rows whose address is a member or has a pending invitation are reported, not invited again: a partly failed import can be run again as it is.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody(MEMBER_CSV_UPLOAD_SCHEMA)
  @ApiOkResponse({ type: MemberImportResponse, description: 'One entry per data row: invitationId for an invited row, errorCode for one that was not.' })
  @ApiErrorAnswers({ ...UPLOAD_ERRORS, 500: ['FAILED_TO_INVITE'] })
  async importMembers(
    @CurrentOperator() operator: Operator,
    @Req() request: FastifyRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<MemberImportResponse> {
    const { organizationId, file } = await readMemberCsv(request);
    return this.importing.import(operator, organizationId, file, audit);
  }
}
