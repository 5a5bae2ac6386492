import { ErrorCodes } from '@console/domain';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '../../common/openapi/decorators';
import { Access } from '../../common/auth/access.decorator';
import { ApiErrors } from '../../common/openapi/error-answers';
import { CurrentOperator } from '../../common/auth/current-operator.decorator';
import type { Operator } from '../../common/auth/operator';
import { AccountResponse } from '../account/account.dto';
import { AuditContext } from '../audit/audit-context';
import { ApiListOkResponse, type Page } from '../../common/http/paging';
import {
  ListProjectMembersRequest,
  ListProjectsInAccountRequest,
  ProjectIdRequest,
  ProjectListItemResponse,
  ProjectMemberRequest,
  ProjectResponse,
  UpdateProjectRequest,
} from './project.dto';
import { ProjectService } from './project.service';
import { ReadCall } from '../../common/http/read-call';
import { WriteFailure } from '../../common/http/write-failure';

@ApiTags('project')
@Controller('project')
export class ProjectController {
  constructor(private readonly service: ProjectService) {}

  @Post('listInAccount')
  @ApiOperation({ summary: 'List the projects the signed-in account can see' })
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiBody({ type: ListProjectsInAccountRequest, required: false })
  @ApiListOkResponse(
    ProjectListItemResponse,
    'Every project for a system administrator, otherwise the projects of the organizations the account belongs to (with organizationId, that organization’s only); by organization name, organization id, project name and project id (an organization’s projects are consecutive), each with its organization’s name and image; query matches the project name or its organization’s name.',
  )
  listProjectsInAccount(
    @CurrentOperator() operator: Operator,
    @Body() body: ListProjectsInAccountRequest,
  ): Promise<ProjectListItemResponse[] | Page<ProjectListItemResponse>> {
    return this.service.listInAccount(operator, body);
  }

  @Post('get')
  @ApiOperation({ summary: 'Get a project' })
  @ApiErrors('NOT_FOUND')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: ProjectResponse })
  getProject(@CurrentOperator() operator: Operator, @Body() body: ProjectIdRequest): Promise<ProjectResponse> {
    return this.service.get(operator, body.projectId);
  }

  @Post('listMembers')
  @ApiOperation({ summary: "List a project's members" })
  @ApiErrors('NOT_FOUND')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiListOkResponse(
    AccountResponse,
    'The project’s members in the order they were added, each with its membership in the owning organization; query matches display name or e-mail address.',
  )
  listProjectMembers(@CurrentOperator() operator: Operator, @Body() body: ListProjectMembersRequest): Promise<AccountResponse[] | Page<AccountResponse>> {
    return this.service.listMembers(operator, body.projectId, body);
  }

  @Post('update')
  @ApiOperation({ summary: 'Update a project' })
  @ApiErrors('NAME_REQUIRED', 'NAME_TOO_LONG', 'INVALID_PRODUCT', 'INVALID_PLAN', 'NOT_FOUND')
  @WriteFailure(ErrorCodes.FAILED_TO_UPDATE_PROJECT)
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: ProjectResponse })
  updateProject(@CurrentOperator() operator: Operator, @Body() body: UpdateProjectRequest, @AuditContext() audit: AuditContext): Promise<ProjectResponse> {
    return this.service.update(operator, body.projectId, body.updateProps, audit);
  }

  @Post('removeMember')
  @ApiOperation({ summary: 'Remove a member from a project' })
  @ApiErrors('NOT_FOUND', 'CANNOT_REMOVE_SELF')
  @WriteFailure(ErrorCodes.FAILED_TO_REMOVE_MEMBER)
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: AccountResponse, description: 'The account, with its membership in the owning organization.' })
  removeProjectMember(
    @CurrentOperator() operator: Operator,
    @Body() body: ProjectMemberRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<AccountResponse> {
    return this.service.removeMember(operator, body.projectId, body.accountId, audit);
  }
}
