import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '../../common/openapi/decorators';
import type { FastifyReply } from 'fastify';
import { Access } from '../../common/auth/access.decorator';
import { ApiErrors } from '../../common/openapi/error-answers';
import { sendCsv } from '../../common/http/csv';
import { CurrentOperator } from '../../common/auth/current-operator.decorator';
import type { Operator } from '../../common/auth/operator';
import { ApiPageOkResponse, type Page } from '../../common/http/paging';
import { ReadCall } from '../../common/http/read-call';
import {
  AuditEventResponse,
  ExportAllAuditEventsRequest,
  ExportOrganizationAuditEventsRequest,
  ListAllAuditEventsRequest,
  ListOrganizationAuditEventsRequest,
} from './audit.dto';
import { AuditLogService } from './audit-log.service';

const AUDIT_CSV_FILE_NAME = 'audit-events.csv';

const CSV_RESPONSE = {
  description: `The events as CSV (UTF-8 with BOM, header row, newest first), as the attachment ${AUDIT_CSV_FILE_NAME}.`,
  schema: { type: 'string' as const },
};

/** An organization's audit log, for its admins (and system administrators). */
@ApiTags('organization')
@Controller('organization')
export class OrganizationAuditLogController {
  constructor(private readonly service: AuditLogService) {}

  @Post('listAuditEvents')
  @ApiOperation({ summary: "List an organization's audit events" })
  @ApiErrors('NOT_FOUND')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiPageOkResponse(AuditEventResponse, 'The organization’s events, newest first, one keyset page at a time.')
  listAuditEvents(@CurrentOperator() operator: Operator, @Body() body: ListOrganizationAuditEventsRequest): Promise<Page<AuditEventResponse>> {
    return this.service.listOfOrganization(operator, body);
  }

  @Post('exportAuditEvents')
  @ApiOperation({ summary: "Export an organization's audit events as CSV" })
  @ApiErrors('NOT_FOUND')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiProduces('text/csv')
  @ApiOkResponse(CSV_RESPONSE)
  async exportAuditEvents(
    @CurrentOperator() operator: Operator,
    @Body() body: ExportOrganizationAuditEventsRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendCsv(reply, await this.service.exportOfOrganization(operator, body), AUDIT_CSV_FILE_NAME);
  }
}

/** Every organization's audit log, and the events outside organizations (accounts, sessions, system administration). */
@ApiTags('systemAdmin')
@Controller('systemAdmin/auditEvent')
export class SystemAuditLogController {
  constructor(private readonly service: AuditLogService) {}

  @Post('list')
  @ApiOperation({ summary: 'List every audit event (system administrators)' })
  @ReadCall()
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiPageOkResponse(AuditEventResponse, 'Every event (or one organization’s), newest first, one keyset page at a time.')
  listAllAuditEvents(@CurrentOperator() operator: Operator, @Body() body: ListAllAuditEventsRequest): Promise<Page<AuditEventResponse>> {
    return this.service.listAll(operator, body);
  }

  @Post('export')
  @ApiOperation({ summary: 'Export every audit event as CSV (system administrators)' })
  @ReadCall()
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiProduces('text/csv')
  @ApiOkResponse(CSV_RESPONSE)
  async exportAllAuditEvents(@CurrentOperator() operator: Operator, @Body() body: ExportAllAuditEventsRequest, @Res() reply: FastifyReply): Promise<void> {
    await sendCsv(reply, this.service.exportAll(operator, body), AUDIT_CSV_FILE_NAME);
  }
}
