import { ErrorCodes } from '@console/domain';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Access } from '../../common/auth/access.decorator';
import { CurrentOperator } from '../../common/auth/current-operator.decorator';
import type { Operator } from '../../common/auth/operator';
import { AccountResponse } from '../account/account.dto';
import { AuditContext } from '../audit/audit-context';
import { ProjectIdRequest, ProjectMemberRequest, ProjectResponse, UpdateProjectRequest } from './project.dto';
import { ProjectService } from './project.service';
import { ReadCall } from '../../common/http/read-call';
import { WriteFailure } from '../../common/http/write-failure';

@ApiTags('project')
@ApiBearerAuth()
@Controller('project')
export class ProjectController {
  constructor(private readonly service: ProjectService) {}

  @Post('listInAccount')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: [ProjectResponse], description: 'Every project for a system administrator, otherwise the projects of the organizations the account belongs to.' })
  listProjectsInAccount(@CurrentOperator() operator: Operator): Promise<ProjectResponse[]> {
    return this.service.listInAccount(operator);
  }

  @Post('get')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: ProjectResponse })
  getProject(@CurrentOperator() operator: Operator, @Body() body: ProjectIdRequest): Promise<ProjectResponse> {
    return this.service.get(operator, body.projectId);
  }

  @Post('listMembers')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: [AccountResponse], description: 'The project’s members, each with its membership in the owning organization.' })
  listProjectMembers(@CurrentOperator() operator: Operator, @Body() body: ProjectIdRequest): Promise<AccountResponse[]> {
    return this.service.listMembers(operator, body.projectId);
  }

  @Post('update')
  @WriteFailure(ErrorCodes.FAILED_TO_UPDATE_PROJECT)
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: ProjectResponse })
  updateProject(@CurrentOperator() operator: Operator, @Body() body: UpdateProjectRequest, @AuditContext() audit: AuditContext): Promise<ProjectResponse> {
    return this.service.update(operator, body.projectId, body.updateProps, audit);
  }

  @Post('removeMember')
  @WriteFailure(ErrorCodes.FAILED_TO_REMOVE_MEMBER)
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: AccountResponse, description: 'The account, with its membership in the owning organization.' })
  removeProjectMember(@CurrentOperator() operator: Operator, @Body() body: ProjectMemberRequest, @AuditContext() audit: AuditContext): Promise<AccountResponse> {
    return this.service.removeMember(operator, body.projectId, body.accountId, audit);
  }
}
