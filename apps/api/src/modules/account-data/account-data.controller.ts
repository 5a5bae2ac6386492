import { ErrorCodes } from '@console/domain';
import { Body, Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '../../common/openapi/decorators';
import type { FastifyReply } from 'fastify';
import { Access } from '../../common/auth/access.decorator';
import { CurrentOperator } from '../../common/auth/current-operator.decorator';
import type { Operator } from '../../common/auth/operator';
import { ReadCall } from '../../common/http/read-call';
import { WriteFailure } from '../../common/http/write-failure';
import { ApiErrors } from '../../common/openapi/error-answers';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AuditContext } from '../audit/audit-context';
import { sessionCookieOptions } from '../session/session-cookie';
import { AccountDataExportResponse, AccountDeletionCheckResponse, DeleteAccountRequest, DeletedAccountResponse } from './account-data.dto';
import { AccountDeletionService } from './account-deletion.service';
import { AccountExportService } from './account-export.service';

@ApiTags('account')
@Controller('account')
export class AccountDataController {
  constructor(
    private readonly deletion: AccountDeletionService,
    private readonly exports: AccountExportService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('deletionCheck')
  @ApiOperation({ summary: 'List the organizations that keep the signed-in account from being deleted' })
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: AccountDeletionCheckResponse })
  checkAccountDeletion(@CurrentOperator() operator: Operator): Promise<AccountDeletionCheckResponse> {
    return this.deletion.check(operator);
  }

  @Post('delete')
  @ApiOperation({ summary: "Delete the signed-in user's account" })
  @ApiErrors('DELETION_NOT_CONFIRMED', 'LAST_ADMIN_OF_ORGANIZATION')
  @WriteFailure(ErrorCodes.FAILED_TO_DELETE_ACCOUNT)
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: DeletedAccountResponse, description: 'The account is deleted, its sessions refused everywhere and the session cookie cleared.' })
  async deleteAccount(
    @CurrentOperator() operator: Operator,
    @Body() body: DeleteAccountRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @AuditContext() audit: AuditContext,
  ): Promise<DeletedAccountResponse> {
    const deleted = await this.deletion.delete(operator, body.confirmation, audit);
    void reply.clearCookie(this.config.deployment.sessionCookieName, sessionCookieOptions(this.config));
    return deleted;
  }

  @Post('exportData')
  @ApiOperation({ summary: "Download the signed-in user's account data as JSON" })
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: AccountDataExportResponse })
  exportAccountData(@CurrentOperator() operator: Operator): Promise<AccountDataExportResponse> {
    return this.exports.export(operator);
  }
}
