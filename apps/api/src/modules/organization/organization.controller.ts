import { ErrorCodes } from '@console/domain';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '../../common/openapi/decorators';
import type { FastifyRequest } from 'fastify';
import { Access } from '../../common/auth/access.decorator';
import { ApiErrors } from '../../common/openapi/error-answers';
import { CurrentOperator } from '../../common/auth/current-operator.decorator';
import type { Operator } from '../../common/auth/operator';
import { imageUploadSchema, readImageUpload } from '../../common/http/multipart';
import { AccountResponse } from '../account/account.dto';
import { AuditContext } from '../audit/audit-context';
import { UploadedImageResponse } from '../files/files.dto';
import { ApiListOkResponse, ListRequest, type Page } from '../../common/http/paging';
import {
  ListOrganizationMembersRequest,
  OrganizationIdRequest,
  OrganizationMemberRequest,
  OrganizationResponse,
  UpdateOrganizationRequest,
  UpdateOrganizationSecurityRequest,
} from './organization.dto';
import { OrganizationService } from './organization.service';
import { ReadCall } from '../../common/http/read-call';
import { WriteFailure } from '../../common/http/write-failure';

@ApiTags('organization')
@Controller('organization')
export class OrganizationController {
  constructor(private readonly service: OrganizationService) {}

  @Post('listOfAccount')
  @ApiOperation({ summary: 'List the organizations of the signed-in account' })
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiBody({ type: ListRequest, required: false })
  @ApiListOkResponse(
    OrganizationResponse,
    'Every organization for a system administrator, otherwise the account’s own; by name, then id, with their roles; query matches the organization name.',
  )
  listOrganizationsOfAccount(@CurrentOperator() operator: Operator, @Body() body: ListRequest): Promise<OrganizationResponse[] | Page<OrganizationResponse>> {
    return this.service.listOfAccount(operator, body);
  }

  @Post('get')
  @ApiOperation({ summary: 'Get an organization' })
  @ApiErrors('NOT_FOUND')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: OrganizationResponse })
  getOrganization(@CurrentOperator() operator: Operator, @Body() body: OrganizationIdRequest): Promise<OrganizationResponse> {
    return this.service.get(operator, body.organizationId);
  }

  @Post('listMembers')
  @ApiOperation({ summary: "List an organization's members" })
  @ApiErrors('NOT_FOUND')
  @ReadCall()
  @HttpCode(200)
  @Access('account')
  @ApiListOkResponse(
    AccountResponse,
    'The members in the order they joined, each with its membership in this organization only; query matches display name or e-mail address.',
  )
  listOrganizationMembers(
    @CurrentOperator() operator: Operator,
    @Body() body: ListOrganizationMembersRequest,
  ): Promise<AccountResponse[] | Page<AccountResponse>> {
    return this.service.listMembers(operator, body.organizationId, body, body.notInProjectId);
  }

  @Post('update')
  @ApiOperation({ summary: 'Update an organization' })
  @ApiErrors('NAME_REQUIRED', 'NAME_TOO_LONG', 'NOT_FOUND')
  @WriteFailure(ErrorCodes.FAILED_TO_UPDATE_ORGANIZATION)
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: OrganizationResponse })
  updateOrganization(
    @CurrentOperator() operator: Operator,
    @Body() body: UpdateOrganizationRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<OrganizationResponse> {
    return this.service.update(operator, body.organizationId, body.updateProps, audit);
  }

  @Post('updateSecurity')
  @ApiOperation({ summary: "Update an organization's security settings (second-factor requirement)" })
  @ApiErrors('NOT_FOUND', 'MFA_SELF_LOCKOUT')
  @WriteFailure(ErrorCodes.FAILED_TO_UPDATE_ORGANIZATION)
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: OrganizationResponse })
  updateOrganizationSecurity(
    @CurrentOperator() operator: Operator,
    @Body() body: UpdateOrganizationSecurityRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<OrganizationResponse> {
    return this.service.updateSecurity(operator, body.organizationId, body.mfaRequired, audit);
  }

  @Post('uploadProfileImage')
  @ApiOperation({ summary: "Upload an organization's profile image" })
  @ApiErrors('INVALID_ID', 'NOT_FOUND', 'UNSUPPORTED_IMAGE', 'IMAGE_TOO_LARGE')
  @WriteFailure(ErrorCodes.FAILED_TO_UPLOAD_PROFILE_IMAGE)
  @HttpCode(200)
  @Access('account')
  @ApiConsumes('multipart/form-data')
  @ApiBody(imageUploadSchema(['organizationId']))
  @ApiOkResponse({ type: UploadedImageResponse })
  async uploadOrganizationProfileImage(
    @CurrentOperator() operator: Operator,
    @Req() request: FastifyRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<UploadedImageResponse> {
    const { image, fields } = await readImageUpload(request, ['organizationId']);
    return this.service.uploadProfileImage(operator, fields.organizationId, image, audit);
  }

  @Post('removeMember')
  @ApiOperation({ summary: 'Remove a member from an organization' })
  @ApiErrors('NOT_FOUND', 'CANNOT_REMOVE_SELF', 'NOT_ORGANIZATION_MEMBER', 'LAST_ADMIN')
  @WriteFailure(ErrorCodes.FAILED_TO_REMOVE_MEMBER)
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: AccountResponse, description: 'The removed account, with its (now empty) membership in this organization.' })
  removeOrganizationMember(
    @CurrentOperator() operator: Operator,
    @Body() body: OrganizationMemberRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<AccountResponse> {
    return this.service.removeMember(operator, body.organizationId, body.accountId, audit);
  }
}
