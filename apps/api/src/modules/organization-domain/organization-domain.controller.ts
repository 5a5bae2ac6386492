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
  AddOrganizationDomainRequest,
  DomainIdRequest,
  DomainWithOrganizationResponse,
  OrganizationDomainRequest,
  OrganizationDomainResponse,
} from './organization-domain.dto';
import { OrganizationDomainService } from './organization-domain.service';

/** An organization's verified domains (docs/product-rules.md#verified-domains), and the system administrators' view of all of them. */
@ApiTags('organizationDomain')
@Controller()
export class OrganizationDomainController {
  constructor(private readonly domains: OrganizationDomainService) {}

  @Post('organization/domain/list')
  @ApiOperation({ summary: "List an organization's domains" })
  @ApiErrors('NOT_FOUND')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: [OrganizationDomainResponse], description: 'The organization’s domains by name, with the TXT record each needs.' })
  listOrganizationDomains(@CurrentOperator() operator: Operator, @Body() body: OrganizationIdRequest): Promise<OrganizationDomainResponse[]> {
    return this.domains.list(operator, body.organizationId);
  }

  @Post('organization/domain/add')
  @ApiOperation({ summary: 'Add a domain to an organization (pending until its TXT record is found)' })
  @ApiErrors('NOT_FOUND', 'INVALID_DOMAIN', 'PUBLIC_WEBMAIL_DOMAIN', 'DOMAIN_ALREADY_ADDED', 'DOMAIN_ALREADY_VERIFIED')
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: OrganizationDomainResponse })
  addOrganizationDomain(
    @CurrentOperator() operator: Operator,
    @Body() body: AddOrganizationDomainRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<OrganizationDomainResponse> {
    return this.domains.add(operator, body.organizationId, body.domain, audit);
  }

  @Post('organization/domain/verify')
  @ApiOperation({ summary: "Check a domain's TXT record now" })
  @ApiErrors('NOT_FOUND', 'DOMAIN_ALREADY_VERIFIED')
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({
    type: OrganizationDomainResponse,
    description: 'The domain after the check: verified, or failed (a verified one only after failures in a row) with the reason in lastError.',
  })
  verifyOrganizationDomain(
    @CurrentOperator() operator: Operator,
    @Body() body: OrganizationDomainRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<OrganizationDomainResponse> {
    return this.domains.check(operator, body.organizationId, body.domainId, audit);
  }

  @Post('organization/domain/remove')
  @ApiOperation({ summary: 'Remove a domain from an organization' })
  @ApiErrors('NOT_FOUND')
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: OrganizationDomainResponse, description: 'The removed domain.' })
  removeOrganizationDomain(
    @CurrentOperator() operator: Operator,
    @Body() body: OrganizationDomainRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<OrganizationDomainResponse> {
    return this.domains.remove(operator, body.organizationId, body.domainId, audit);
  }

  @Post('systemAdmin/domain/listAll')
  @ApiOperation({ summary: "List every organization's domains (system administrators)" })
  @ReadCall()
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: [DomainWithOrganizationResponse], description: 'Every domain by name, then organization name (at most 1000).' })
  listAllDomains(@CurrentOperator() operator: Operator): Promise<DomainWithOrganizationResponse[]> {
    return this.domains.listAll(operator);
  }

  @Post('systemAdmin/domain/verify')
  @ApiOperation({ summary: 'Verify a domain by hand (system administrators)' })
  @ApiErrors('NOT_FOUND', 'DOMAIN_ALREADY_VERIFIED')
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: OrganizationDomainResponse })
  verifyDomainManually(
    @CurrentOperator() operator: Operator,
    @Body() body: DomainIdRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<OrganizationDomainResponse> {
    return this.domains.verifyManually(operator, body.domainId, audit);
  }
}
