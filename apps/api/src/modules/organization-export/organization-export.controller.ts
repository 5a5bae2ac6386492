import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '../../common/openapi/decorators';
import type { FastifyReply } from 'fastify';
import { Access } from '../../common/auth/access.decorator';
import { CurrentOperator } from '../../common/auth/current-operator.decorator';
import type { Operator } from '../../common/auth/operator';
import { sendZip } from '../../common/http/zip';
import { ApiErrors } from '../../common/openapi/error-answers';
import { AuditContext } from '../audit/audit-context';
import { ExportOrganizationRequest } from './organization-export.dto';
import { ORGANIZATION_EXPORT_FILES, OrganizationExportService } from './organization-export.service';

/** The header telling the rows the archive's CSV files hold, known before the first byte (the web's progress). */
const EXPORT_ROWS_HEADER = 'x-export-rows';

/** An organization's data as one ZIP archive (docs/product-rules.md#organization-export). */
@ApiTags('organization')
@Controller('organization')
export class OrganizationExportController {
  constructor(private readonly service: OrganizationExportService) {}

  @Post('export')
  @ApiOperation({
    summary: "Export an organization's data as a ZIP archive",
    description: `One ZIP archive, streamed: ${Object.values(ORGANIZATION_EXPORT_FILES).join(', ')}. CSV files in UTF-8 with BOM, formula-like cells prefixed with a single quote. Records an organization.export audit event. For organization admins and system administrators.`,
  })
  @ApiErrors('NOT_FOUND')
  @HttpCode(200)
  @Access('account')
  @ApiProduces('application/zip')
  @ApiOkResponse({
    description: 'The archive as the attachment organization-{organizationId}-{YYYYMMDD}.zip.',
    schema: { type: 'string', format: 'binary' },
    headers: {
      'X-Export-Rows': {
        description: 'The rows of the archive’s CSV files together (members, projects, invitations, audit events).',
        schema: { type: 'integer' },
      },
    },
  })
  async exportOrganization(
    @CurrentOperator() operator: Operator,
    @Body() body: ExportOrganizationRequest,
    @AuditContext() audit: AuditContext,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const exported = await this.service.export(operator, body, audit);
    await sendZip(reply, exported.zip, exported.fileName, { [EXPORT_ROWS_HEADER]: String(exported.rows) });
  }
}
