import { ErrorCodes } from '@console/domain';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '../../common/openapi/decorators';
import { Access } from '../../common/auth/access.decorator';
import { ApiErrors } from '../../common/openapi/error-answers';
import { CurrentOperator } from '../../common/auth/current-operator.decorator';
import type { Operator } from '../../common/auth/operator';
import { AccountResponse, UpdateIsSystemAdminRequest } from '../account/account.dto';
import { AccountService } from '../account/account.service';
import { AuditContext } from '../audit/audit-context';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { CreateOrganizationRequest, OrganizationResponse } from '../organization/organization.dto';
import { OrganizationService } from '../organization/organization.service';
import { CreateProjectRequest, ProjectListItemResponse, ProjectResponse } from '../project/project.dto';
import { ProjectService } from '../project/project.service';
import { FailedEmailResponse, RequeueEmailsRequest, RequeueEmailsResponse } from './failed-email.dto';
import { FailedEmailService } from './failed-email.service';
import { ApiListOkResponse, ListRequest, type Page } from '../../common/http/paging';
import { ReadCall } from '../../common/http/read-call';
import { WriteFailure } from '../../common/http/write-failure';

/**
 * The system-administration calls, at the spec's paths — note its mixed spelling: /systemAdmin/account/*
 * but /system-admin/organization/* and /system-admin/project/*. /systemAdmin/email/* is the operators'
 * view of e-mails given up as failed.
 */
@ApiTags('systemAdmin')
@Controller()
export class SystemAdminController {
  constructor(
    private readonly accounts: AccountService,
    private readonly organizations: OrganizationService,
    private readonly projects: ProjectService,
    private readonly failedEmails: FailedEmailService,
  ) {}

  @Post('systemAdmin/account/list')
  @ApiOperation({ summary: 'List every account (system administrators)' })
  @ReadCall()
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiBody({ type: ListRequest, required: false })
  @ApiListOkResponse(AccountResponse, 'Every account, oldest first, with all its memberships; query matches display name or e-mail address.')
  listAllAccounts(@CurrentOperator() operator: Operator, @Body() body: ListRequest): Promise<AccountResponse[] | Page<AccountResponse>> {
    return this.accounts.listAll(operator, body);
  }

  @Post('systemAdmin/account/updateIsSystemAdmin')
  @ApiOperation({ summary: 'Grant or revoke system-administrator rights' })
  @ApiErrors('INTERNAL_ACCOUNTS_ONLY', 'CANNOT_CHANGE_OWN_SYSTEM_ADMIN', 'EMAIL_NOT_VERIFIED')
  @WriteFailure(ErrorCodes.FAILED_TO_UPDATE_CAN_BE_SUPER_ADMIN)
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: AccountResponse })
  updateIsSystemAdmin(
    @CurrentOperator() operator: Operator,
    @Body() body: UpdateIsSystemAdminRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<AccountResponse> {
    return this.accounts.updateIsSystemAdmin(operator, body.email, body.isSystemAdmin, audit);
  }

  @Post('system-admin/organization/create')
  @ApiOperation({ summary: 'Create an organization (system administrators)' })
  @ApiErrors('NAME_REQUIRED', 'NAME_TOO_LONG')
  @WriteFailure(ErrorCodes.FAILED_TO_CREATE_ORGANIZATION)
  @HttpCode(200)
  @Access('systemAdmin')
  @Idempotent()
  @ApiOkResponse({ type: OrganizationResponse })
  createOrganization(
    @CurrentOperator() operator: Operator,
    @Body() body: CreateOrganizationRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<OrganizationResponse> {
    return this.organizations.createByAdmin(operator, body, audit);
  }

  @Post('system-admin/organization/listAll')
  @ApiOperation({ summary: 'List every organization (system administrators)' })
  @ReadCall()
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiBody({ type: ListRequest, required: false })
  @ApiListOkResponse(OrganizationResponse, 'Every organization by name (then id), with its roles; query matches the organization name.')
  listAllOrganizations(@CurrentOperator() operator: Operator, @Body() body: ListRequest): Promise<OrganizationResponse[] | Page<OrganizationResponse>> {
    return this.organizations.listAll(operator, body);
  }

  @Post('system-admin/project/create')
  @ApiOperation({ summary: 'Create a project in an organization (system administrators)' })
  @ApiErrors('NAME_REQUIRED', 'NAME_TOO_LONG', 'INVALID_PRODUCT', 'INVALID_PLAN', 'NOT_FOUND')
  @WriteFailure(ErrorCodes.FAILED_TO_CREATE_PROJECT)
  @HttpCode(200)
  @Access('systemAdmin')
  @Idempotent()
  @ApiOkResponse({ type: ProjectResponse })
  createProject(@CurrentOperator() operator: Operator, @Body() body: CreateProjectRequest, @AuditContext() audit: AuditContext): Promise<ProjectResponse> {
    return this.projects.createByAdmin(operator, body, audit);
  }

  @Post('system-admin/project/listAll')
  @ApiOperation({ summary: 'List every project (system administrators)' })
  @ReadCall()
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiBody({ type: ListRequest, required: false })
  @ApiListOkResponse(
    ProjectListItemResponse,
    'Every project, by organization name, organization id, project name and project id (an organization’s projects are consecutive); query matches the project name or its organization’s name.',
  )
  listAllProjects(@CurrentOperator() operator: Operator, @Body() body: ListRequest): Promise<ProjectListItemResponse[] | Page<ProjectListItemResponse>> {
    return this.projects.listAll(operator, body);
  }

  @Post('systemAdmin/email/listFailed')
  @ApiOperation({ summary: 'List the e-mails that could not be sent' })
  @ReadCall()
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: [FailedEmailResponse], description: 'E-mails given up as failed, most recent first (at most 500).' })
  listFailedEmails(@CurrentOperator() operator: Operator): Promise<FailedEmailResponse[]> {
    return this.failedEmails.listFailed(operator);
  }

  @Post('systemAdmin/email/requeue')
  @ApiOperation({ summary: 'Send failed e-mails again' })
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: RequeueEmailsResponse })
  requeueEmails(
    @CurrentOperator() operator: Operator,
    @Body() body: RequeueEmailsRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<RequeueEmailsResponse> {
    return this.failedEmails.requeue(operator, body.ids, audit);
  }
}
