import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '../../common/openapi/decorators';
import { Access } from '../../common/auth/access.decorator';
import { CurrentOperator, CurrentServiceCaller } from '../../common/auth/current-operator.decorator';
import type { Operator } from '../../common/auth/operator';
import type { ServiceCaller } from '../../common/auth/service-callers';
import { ApiPageOkResponse, type Page } from '../../common/http/paging';
import { ReadCall } from '../../common/http/read-call';
import { ApiErrors } from '../../common/openapi/error-answers';
import { AuditContext } from '../audit/audit-context';
import {
  CreateServiceCredentialRequest,
  EntitlementResponse,
  IssuedServiceSecretResponse,
  MembershipBatchRequest,
  MembershipQueryRequest,
  ServiceCredentialIdRequest,
  ServiceCredentialResponse,
  ServiceCredentialSecretRequest,
  ServiceProjectMembersRequest,
} from './service-credential.dto';
import { ServiceCredentialService } from './service-credential.service';
import { ServiceMembershipService } from './service-membership.service';

/** Service credentials of sibling products (docs/integration.md#credentials-and-scopes), managed by system administrators. */
@ApiTags('serviceCredential')
@Controller('systemAdmin/serviceCredential')
export class ServiceCredentialController {
  constructor(private readonly credentials: ServiceCredentialService) {}

  @Post('list')
  @ApiOperation({ summary: 'List the service credentials (system administrators)' })
  @ReadCall()
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: [ServiceCredentialResponse], description: 'Every credential, newest first (at most 1000), with its secrets by prefix only.' })
  listServiceCredentials(@CurrentOperator() operator: Operator): Promise<ServiceCredentialResponse[]> {
    return this.credentials.list(operator);
  }

  @Post('create')
  @ApiOperation({ summary: 'Create a service credential (system administrators)' })
  @ApiErrors('NAME_REQUIRED', 'NAME_TOO_LONG')
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: IssuedServiceSecretResponse, description: 'The credential and its first secret, shown this once.' })
  createServiceCredential(
    @CurrentOperator() operator: Operator,
    @Body() body: CreateServiceCredentialRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<IssuedServiceSecretResponse> {
    return this.credentials.create(operator, body, audit);
  }

  @Post('rotate')
  @ApiOperation({ summary: 'Issue a new secret of a service credential (the current one stays valid until it is revoked)' })
  @ApiErrors('NOT_FOUND', 'SERVICE_CREDENTIAL_REVOKED', 'SERVICE_CREDENTIAL_SECRET_LIMIT')
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: IssuedServiceSecretResponse, description: 'The credential and its new secret, shown this once.' })
  rotateServiceCredential(
    @CurrentOperator() operator: Operator,
    @Body() body: ServiceCredentialIdRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<IssuedServiceSecretResponse> {
    return this.credentials.rotate(operator, body.credentialId, audit);
  }

  @Post('revokeSecret')
  @ApiOperation({ summary: 'Revoke one secret of a service credential' })
  @ApiErrors('NOT_FOUND', 'SERVICE_CREDENTIAL_REVOKED')
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: ServiceCredentialResponse, description: 'Every API instance refuses the secret within 5 seconds.' })
  revokeServiceSecret(
    @CurrentOperator() operator: Operator,
    @Body() body: ServiceCredentialSecretRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<ServiceCredentialResponse> {
    return this.credentials.revokeSecret(operator, body.credentialId, body.secretId, audit);
  }

  @Post('revoke')
  @ApiOperation({ summary: 'Revoke a service credential and all its secrets' })
  @ApiErrors('NOT_FOUND', 'SERVICE_CREDENTIAL_REVOKED')
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: ServiceCredentialResponse, description: 'Every API instance refuses its secrets within 5 seconds.' })
  revokeServiceCredential(
    @CurrentOperator() operator: Operator,
    @Body() body: ServiceCredentialIdRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<ServiceCredentialResponse> {
    return this.credentials.revoke(operator, body.credentialId, audit);
  }
}

/** Membership and entitlement calls of sibling products (docs/integration.md#membership-calls), with a credential holding memberships:read. */
@ApiTags('service')
@Controller('service')
export class ServiceMembershipController {
  constructor(private readonly memberships: ServiceMembershipService) {}

  @Post('membership/get')
  @ApiOperation({ summary: "An account's roles, permissions and plan in a project (sibling products)" })
  @ApiErrors('NOT_FOUND', 'ACCOUNT_NOT_FOUND', 'SESSION_REVOKED')
  @ReadCall()
  @HttpCode(200)
  @Access('service', 'memberships:read')
  @ApiOkResponse({
    type: EntitlementResponse,
    description: 'The account named by accountId or by a session cookie; NOT_FOUND for a project where the product is not enabled.',
  })
  getMembership(@CurrentServiceCaller() caller: ServiceCaller, @Body() body: MembershipQueryRequest): Promise<EntitlementResponse> {
    return this.memberships.get(caller, body);
  }

  @Post('membership/batch')
  @ApiOperation({ summary: "Many accounts' roles, permissions and plan in a project (sibling products)" })
  @ApiErrors('NOT_FOUND')
  @ReadCall()
  @HttpCode(200)
  @Access('service', 'memberships:read')
  @ApiOkResponse({ type: [EntitlementResponse], description: 'In the order asked; unknown and deleted accounts are left out.' })
  getMemberships(@CurrentServiceCaller() caller: ServiceCaller, @Body() body: MembershipBatchRequest): Promise<EntitlementResponse[]> {
    return this.memberships.batch(caller, body.projectId, body.accountIds);
  }

  @Post('project/listMembers')
  @ApiOperation({ summary: "A project's members with their roles and permissions, by page (sibling products)" })
  @ApiErrors('NOT_FOUND')
  @ReadCall()
  @HttpCode(200)
  @Access('service', 'memberships:read')
  @ApiPageOkResponse(EntitlementResponse, 'The members in the order they were added to the project.')
  listServiceProjectMembers(@CurrentServiceCaller() caller: ServiceCaller, @Body() body: ServiceProjectMembersRequest): Promise<Page<EntitlementResponse>> {
    return this.memberships.listMembers(caller, body);
  }
}
