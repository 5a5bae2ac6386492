import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '../../common/openapi/decorators';
import { Access } from '../../common/auth/access.decorator';
import { CurrentOperator } from '../../common/auth/current-operator.decorator';
import type { Operator } from '../../common/auth/operator';
import { ApiListOkResponse, ListRequest, type Page } from '../../common/http/paging';
import { ReadCall } from '../../common/http/read-call';
import { ApiErrors } from '../../common/openapi/error-answers';
import { AuditContext } from '../audit/audit-context';
import { OrganizationIdRequest, OrganizationResponse } from '../organization/organization.dto';
import { DeletedOrganizationResponse, DeleteOrganizationRequest } from './organization-deletion.dto';
import { OrganizationDeletionService } from './organization-deletion.service';

/** Deleting an organization, and the system administrators' deleted organizations (docs/product-rules.md#organization-deletion). */
@ApiTags('organizationDeletion')
@Controller()
export class OrganizationDeletionController {
  constructor(private readonly deletions: OrganizationDeletionService) {}

  @Post('organization/delete')
  @ApiOperation({ summary: 'Delete an organization (restorable by a system administrator within the retention period)' })
  @ApiErrors('NOT_FOUND', 'ORGANIZATION_DELETION_NOT_CONFIRMED', 'ORGANIZATION_ALREADY_DELETED')
  @HttpCode(200)
  @Access('account')
  @ApiOkResponse({ type: DeletedOrganizationResponse, description: 'The deleted organization, with the end of its retention period.' })
  deleteOrganization(
    @CurrentOperator() operator: Operator,
    @Body() body: DeleteOrganizationRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<DeletedOrganizationResponse> {
    return this.deletions.delete(operator, body.organizationId, body.confirmName, audit);
  }

  @Post('systemAdmin/organization/listDeleted')
  @ApiOperation({ summary: 'List the deleted organizations not purged yet (system administrators)' })
  @ReadCall()
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiBody({ type: ListRequest, required: false })
  @ApiListOkResponse(
    DeletedOrganizationResponse,
    'The deleted organizations, the latest deleted first (then by id), with who deleted them and when they are purged; query matches the organization name.',
  )
  listDeletedOrganizations(
    @CurrentOperator() operator: Operator,
    @Body() body: ListRequest,
  ): Promise<DeletedOrganizationResponse[] | Page<DeletedOrganizationResponse>> {
    return this.deletions.listDeleted(operator, body);
  }

  @Post('systemAdmin/organization/restore')
  @ApiOperation({ summary: 'Restore a deleted organization (system administrators)' })
  @ApiErrors('NOT_FOUND', 'ORGANIZATION_NOT_DELETED', 'ORGANIZATION_RESTORE_PERIOD_OVER')
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: OrganizationResponse, description: 'The restored organization, with everything it held.' })
  restoreOrganization(
    @CurrentOperator() operator: Operator,
    @Body() body: OrganizationIdRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<OrganizationResponse> {
    return this.deletions.restore(operator, body.organizationId, audit);
  }
}
