import { ErrorCodes } from '@console/domain';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '../../common/openapi/decorators';
import { Access } from '../../common/auth/access.decorator';
import { ApiErrors } from '../../common/openapi/error-answers';
import { CurrentOperator } from '../../common/auth/current-operator.decorator';
import type { Operator } from '../../common/auth/operator';
import { AccountResponse } from '../account/account.dto';
import { AuditContext } from '../audit/audit-context';
import { Idempotent } from '../idempotency/idempotent.decorator';
import {
  InvitationIdRequest,
  InvitationResponse,
  InvitationWithOrganizationResponse,
  InviteMembersRequest,
  InviteResultEntryResponse,
  ListOrganizationInvitationsRequest,
  ListProjectInvitationsRequest,
} from './invitation.dto';
import { InvitationAcceptanceService } from './invitation-acceptance.service';
import { InvitationCancellationService } from './invitation-cancellation.service';
import { InvitationService } from './invitation.service';
import { InviteMembersService } from './invite-members.service';
import { ApiListOkResponse, type Page } from '../../common/http/paging';
import { ReadCall } from '../../common/http/read-call';
import { WriteFailure } from '../../common/http/write-failure';

@ApiTags('invitation')
@Controller('invitation')
export class InvitationController {
  constructor(
    private readonly service: InvitationService,
    private readonly acceptance: InvitationAcceptanceService,
    private readonly cancellation: InvitationCancellationService,
  ) {}

  @Post('listInOrganization')
  @ApiOperation({ summary: "List an organization's pending invitations" })
  @ApiErrors('NOT_FOUND')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiListOkResponse(InvitationResponse, 'Open (pending or expired) invitations of the organization, newest first; query matches the e-mail address.')
  listInvitationsInOrganization(
    @CurrentOperator() operator: Operator,
    @Body() body: ListOrganizationInvitationsRequest,
  ): Promise<InvitationResponse[] | Page<InvitationResponse>> {
    return this.service.listInOrganization(operator, body.organizationId, body);
  }

  @Post('listInProject')
  @ApiOperation({ summary: "List a project's pending invitations" })
  @ApiErrors('NOT_FOUND')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiListOkResponse(InvitationResponse, 'Open (pending or expired) invitations naming the project, newest first; query matches the e-mail address.')
  listInvitationsInProject(
    @CurrentOperator() operator: Operator,
    @Body() body: ListProjectInvitationsRequest,
  ): Promise<InvitationResponse[] | Page<InvitationResponse>> {
    return this.service.listInProject(operator, body.projectId, body);
  }

  @Post('getByIdWithOrganization')
  @ApiOperation({ summary: 'Get an invitation with its organization' })
  @ApiErrors('INVITATION_NOT_FOUND')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: InvitationWithOrganizationResponse })
  getInvitationByIdWithOrganization(@CurrentOperator() operator: Operator, @Body() body: InvitationIdRequest): Promise<InvitationWithOrganizationResponse> {
    return this.service.getByIdWithOrganization(operator, body.invitationId);
  }

  @Post('accept')
  @ApiOperation({ summary: 'Accept an invitation' })
  @ApiErrors('INVITATION_NOT_FOUND', 'EMAIL_MISMATCH', 'CANNOT_CHANGE_OWN_ROLE', 'ALREADY_ORGANIZATION_MEMBER', 'INVITATION_INVALID', 'INVITER_LACKS_RIGHTS')
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: AccountResponse, description: 'The account with the invited membership added.' })
  acceptInvitation(@CurrentOperator() operator: Operator, @Body() body: InvitationIdRequest, @AuditContext() audit: AuditContext): Promise<AccountResponse> {
    return this.acceptance.accept(operator, body.invitationId, audit);
  }

  @Post('cancel')
  @ApiOperation({ summary: 'Cancel an invitation' })
  @ApiErrors('INVITATION_NOT_FOUND', 'INVITATION_INVALID')
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: InvitationResponse })
  cancelInvitation(@CurrentOperator() operator: Operator, @Body() body: InvitationIdRequest, @AuditContext() audit: AuditContext): Promise<InvitationResponse> {
    return this.cancellation.cancel(operator, body.invitationId, audit);
  }
}

/** /organization/inviteMembers and /organization/resendInvitation live with the invitations they create and send. */
@ApiTags('organization')
@Controller('organization')
export class OrganizationInvitationController {
  constructor(
    private readonly inviting: InviteMembersService,
    private readonly cancellation: InvitationCancellationService,
  ) {}

  @Post('inviteMembers')
  @ApiOperation({ summary: 'Invite people to an organization and its projects' })
  @ApiErrors('NOT_FOUND', 'ROLE_NOT_FOUND', 'PROJECT_NOT_IN_ORGANIZATION', 'CANNOT_CHANGE_OWN_ROLE')
  @WriteFailure(ErrorCodes.FAILED_TO_INVITE)
  @HttpCode(200)
  @Access('account')
  @Idempotent()
  @ApiOkResponse({ type: [InviteResultEntryResponse], description: 'One entry per distinct address; an entry without invitation and account failed.' })
  inviteMembers(
    @CurrentOperator() operator: Operator,
    @Body() body: InviteMembersRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<InviteResultEntryResponse[]> {
    return this.inviting.inviteMembers(operator, body, audit);
  }

  @Post('resendInvitation')
  @ApiOperation({ summary: "Send an invitation's e-mail again" })
  @ApiErrors('NOT_FOUND', 'INVITATION_INVALID')
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({
    type: InvitationResponse,
    description: 'The pending invitation whose e-mail is queued again (due now, attempts reset); same rights as cancelling it.',
  })
  resendInvitation(@CurrentOperator() operator: Operator, @Body() body: InvitationIdRequest, @AuditContext() audit: AuditContext): Promise<InvitationResponse> {
    return this.cancellation.resend(operator, body.invitationId, audit);
  }
}
