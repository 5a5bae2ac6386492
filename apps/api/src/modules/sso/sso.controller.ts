import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '../../common/openapi/decorators';
import { Access } from '../../common/auth/access.decorator';
import { CurrentOperator } from '../../common/auth/current-operator.decorator';
import type { Operator } from '../../common/auth/operator';
import { ReadCall } from '../../common/http/read-call';
import { ApiErrors } from '../../common/openapi/error-answers';
import { AuditContext } from '../audit/audit-context';
import { OrganizationIdRequest } from '../organization/organization.dto';
import {
  OrganizationSsoResponse,
  SaveSsoConnectionRequest,
  SsoConnectionIdRequest,
  SsoConnectionResponse,
  SsoConnectionWithOrganizationResponse,
} from './sso.dto';
import { SsoConnectionService } from './sso-connection.service';

/** An organization's SSO connection and requirement (docs/product-rules.md#single-sign-on), and the system administrators' view of all of them. */
@ApiTags('sso')
@Controller()
export class SsoController {
  constructor(private readonly connections: SsoConnectionService) {}

  @Post('organization/sso/get')
  @ApiOperation({ summary: "Get an organization's SSO connection (organization admins)" })
  @ApiErrors('NOT_FOUND', 'SSO_REQUIRED')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({
    type: OrganizationSsoResponse,
    description: 'The connection (null when there is none) and the callback URL to register at the identity provider.',
  })
  getOrganizationSso(@CurrentOperator() operator: Operator, @Body() body: OrganizationIdRequest): Promise<OrganizationSsoResponse> {
    return this.connections.get(operator, body.organizationId);
  }

  @Post('organization/sso/save')
  @ApiOperation({ summary: "Create or change an organization's SSO connection and requirement" })
  @ApiErrors(
    'NOT_FOUND',
    'SSO_REQUIRED',
    'SSO_SELF_LOCKOUT',
    'SSO_NO_VERIFIED_DOMAIN',
    'SSO_CONNECTION_EXISTS',
    'SSO_DISCOVERY_FAILED',
    'SSO_CERTIFICATE_INVALID',
    'SSO_CERTIFICATE_EXPIRED',
    'SSO_CERTIFICATE_KEY_UNSUPPORTED',
  )
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: SsoConnectionResponse })
  saveOrganizationSso(
    @CurrentOperator() operator: Operator,
    @Body() body: SaveSsoConnectionRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<SsoConnectionResponse> {
    return this.connections.save(operator, body, audit);
  }

  @Post('organization/sso/remove')
  @ApiOperation({ summary: "Remove an organization's SSO connection (and its requirement)" })
  @ApiErrors('NOT_FOUND', 'SSO_REQUIRED')
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: SsoConnectionResponse, description: 'The removed connection.' })
  removeOrganizationSso(
    @CurrentOperator() operator: Operator,
    @Body() body: OrganizationIdRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<SsoConnectionResponse> {
    return this.connections.remove(operator, body.organizationId, audit);
  }

  @Post('systemAdmin/sso/listAll')
  @ApiOperation({ summary: "List every organization's SSO connection (system administrators)" })
  @ReadCall()
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: [SsoConnectionWithOrganizationResponse], description: 'Every connection by organization name (at most 1000).' })
  listAllSsoConnections(@CurrentOperator() operator: Operator): Promise<SsoConnectionWithOrganizationResponse[]> {
    return this.connections.listAll(operator);
  }

  @Post('systemAdmin/sso/disable')
  @ApiOperation({ summary: 'Disable a (broken) SSO connection (system administrators)' })
  @ApiErrors('NOT_FOUND')
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: SsoConnectionResponse })
  disableSsoConnection(
    @CurrentOperator() operator: Operator,
    @Body() body: SsoConnectionIdRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<SsoConnectionResponse> {
    return this.connections.disable(operator, body.connectionId, audit);
  }
}
