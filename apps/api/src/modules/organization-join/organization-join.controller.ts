import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '../../common/openapi/decorators';
import { Access } from '../../common/auth/access.decorator';
import { CurrentFirebaseUser, CurrentOperator } from '../../common/auth/current-operator.decorator';
import type { FirebaseUser, Operator } from '../../common/auth/operator';
import { ApiListOkResponse, type Page } from '../../common/http/paging';
import { ReadCall } from '../../common/http/read-call';
import { ApiErrors } from '../../common/openapi/error-answers';
import { AuditContext } from '../audit/audit-context';
import { OrganizationDomainResponse } from '../organization-domain/organization-domain.dto';
import { OrganizationIdRequest } from '../organization/organization.dto';
import {
  JoinOptionsResponse,
  JoinRequestResponse,
  ListJoinRequestsRequest,
  OrganizationJoinRequestRequest,
  PendingJoinRequestCountResponse,
  SetJoinPolicyRequest,
} from './organization-join.dto';
import { OrganizationJoinService } from './organization-join.service';

/** Joining organizations through their verified domains: join policies, the automatic join, join requests (docs/product-rules.md#auto-join). */
@ApiTags('organizationJoin')
@Controller()
export class OrganizationJoinController {
  constructor(private readonly join: OrganizationJoinService) {}

  @Post('organization/domain/setJoinPolicy')
  @ApiOperation({ summary: "Set a domain's join policy: off, automatic join or join requests, with the roles a joining person gets" })
  @ApiErrors('NOT_FOUND', 'ROLE_NOT_FOUND', 'PROJECT_NOT_IN_ORGANIZATION')
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: OrganizationDomainResponse })
  setJoinPolicy(
    @CurrentOperator() operator: Operator,
    @Body() body: SetJoinPolicyRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<OrganizationDomainResponse> {
    return this.join.setPolicy(
      operator,
      body.organizationId,
      body.domainId,
      { mode: body.mode, roleId: body.roleId ?? null, projects: body.projects ?? [] },
      audit,
    );
  }

  @Post('account/joinByDomain')
  @ApiOperation({
    summary: 'After signing in: join the organization of the verified address’s domain when its policy is automatic, and list what else the person may join',
  })
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: JoinOptionsResponse })
  joinByDomain(
    @CurrentOperator() operator: Operator,
    @CurrentFirebaseUser() user: FirebaseUser,
    @AuditContext() audit: AuditContext,
  ): Promise<JoinOptionsResponse> {
    return this.join.joinByDomain(operator, user, audit);
  }

  @Post('joinRequest/create')
  @ApiOperation({ summary: 'Ask to join an organization through its verified domain (a pending request is answered again)' })
  @ApiErrors('ALREADY_ORGANIZATION_MEMBER', 'JOIN_EMAIL_NOT_VERIFIED', 'JOIN_NOT_AVAILABLE')
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: JoinRequestResponse })
  createJoinRequest(
    @CurrentOperator() operator: Operator,
    @CurrentFirebaseUser() user: FirebaseUser,
    @Body() body: OrganizationIdRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<JoinRequestResponse> {
    return this.join.createRequest(operator, user, body.organizationId, audit);
  }

  @Post('organization/joinRequest/list')
  @ApiOperation({ summary: "List an organization's join requests (organization admins)" })
  @ApiErrors('NOT_FOUND')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiListOkResponse(JoinRequestResponse, 'The join requests, newest first; the query matches the address and the name.')
  listJoinRequests(@CurrentOperator() operator: Operator, @Body() body: ListJoinRequestsRequest): Promise<JoinRequestResponse[] | Page<JoinRequestResponse>> {
    return this.join.list(operator, body);
  }

  @Post('organization/joinRequest/countPending')
  @ApiOperation({ summary: "Count an organization's pending join requests (organization admins)" })
  @ApiErrors('NOT_FOUND')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: PendingJoinRequestCountResponse })
  countPendingJoinRequests(@CurrentOperator() operator: Operator, @Body() body: OrganizationIdRequest): Promise<PendingJoinRequestCountResponse> {
    return this.join.countPending(operator, body.organizationId);
  }

  @Post('organization/joinRequest/approve')
  @ApiOperation({ summary: 'Approve a pending join request: the person joins with the roles of the domain’s policy' })
  @ApiErrors('NOT_FOUND', 'JOIN_REQUEST_NOT_PENDING', 'JOIN_NOT_AVAILABLE', 'ALREADY_ORGANIZATION_MEMBER')
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: JoinRequestResponse })
  approveJoinRequest(
    @CurrentOperator() operator: Operator,
    @Body() body: OrganizationJoinRequestRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<JoinRequestResponse> {
    return this.join.decide(operator, body.organizationId, body.joinRequestId, true, audit);
  }

  @Post('organization/joinRequest/decline')
  @ApiOperation({ summary: 'Decline a pending join request' })
  @ApiErrors('NOT_FOUND', 'JOIN_REQUEST_NOT_PENDING')
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: JoinRequestResponse })
  declineJoinRequest(
    @CurrentOperator() operator: Operator,
    @Body() body: OrganizationJoinRequestRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<JoinRequestResponse> {
    return this.join.decide(operator, body.organizationId, body.joinRequestId, false, audit);
  }
}
