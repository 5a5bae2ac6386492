import { ErrorCodes } from '@console/domain';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '../../common/openapi/decorators';
import { Access } from '../../common/auth/access.decorator';
import { ApiErrors } from '../../common/openapi/error-answers';
import { CurrentOperator } from '../../common/auth/current-operator.decorator';
import type { Operator } from '../../common/auth/operator';
import { AccountResponse, AssignOrganizationRoleRequest, AssignProjectRoleRequest } from '../account/account.dto';
import { AuditContext } from '../audit/audit-context';
import { RoleAssignmentService } from './role-assignment.service';
import { WriteFailure } from '../../common/http/write-failure';

/** Role assignments; at the spec's /account/* paths, in their own module because they span accounts, organizations and projects. */
@ApiTags('account')
@Controller('account')
export class RoleAssignmentController {
  constructor(private readonly service: RoleAssignmentService) {}

  @Post('assignProjectRole')
  @ApiOperation({ summary: "Assign an account's role in a project" })
  @ApiErrors('NOT_FOUND', 'ROLE_NOT_FOUND', 'PROJECT_NOT_IN_ORGANIZATION', 'CANNOT_CHANGE_OWN_ROLE', 'NOT_ORGANIZATION_MEMBER')
  @WriteFailure(ErrorCodes.FAILED_TO_ASSIGN_ROLE)
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: AccountResponse, description: 'The account, with its membership in the organization.' })
  assignProjectRole(
    @CurrentOperator() operator: Operator,
    @Body() body: AssignProjectRoleRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<AccountResponse> {
    return this.service.assignProjectRole(operator, body.accountId, body.organizationId, body.props, audit);
  }

  @Post('assignOrganizationRole')
  @ApiOperation({ summary: "Assign an account's role in an organization" })
  @ApiErrors('NOT_FOUND', 'ROLE_NOT_FOUND', 'CANNOT_CHANGE_OWN_ROLE', 'NOT_ORGANIZATION_MEMBER', 'LAST_ADMIN')
  @WriteFailure(ErrorCodes.FAILED_TO_ASSIGN_ROLE)
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: AccountResponse, description: 'The account, with its membership in the organization.' })
  assignOrganizationRole(
    @CurrentOperator() operator: Operator,
    @Body() body: AssignOrganizationRoleRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<AccountResponse> {
    return this.service.assignOrganizationRole(operator, body.accountId, body.props, audit);
  }
}
