import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '../../common/openapi/decorators';
import { Access } from '../../common/auth/access.decorator';
import { ApiErrors } from '../../common/openapi/error-answers';
import { CurrentOperator } from '../../common/auth/current-operator.decorator';
import type { Operator } from '../../common/auth/operator';
import { AuditContext } from '../audit/audit-context';
import {
  OrganizationKarteMappingRequest,
  OrganizationKarteMappingResponse,
  ProjectKarteMappingRequest,
  ProjectKarteMappingResponse,
  UpsertOrganizationKarteMappingRequest,
  UpsertProjectKarteMappingRequest,
} from './karte-mapping.dto';
import { KarteMappingService } from './karte-mapping.service';
import { ReadCall } from '../../common/http/read-call';

@ApiTags('systemAdmin')
@ApiExtraModels(ProjectKarteMappingResponse, OrganizationKarteMappingResponse)
@Controller('systemAdmin')
export class KarteMappingController {
  constructor(private readonly service: KarteMappingService) {}

  @Post('projectKarteMapping/get')
  @ApiOperation({ summary: "Get a project's KARTE mapping" })
  @ReadCall()
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({
    description: 'The mapping, or null when the project has none.',
    schema: { nullable: true, allOf: [{ $ref: getSchemaPath(ProjectKarteMappingResponse) }] },
  })
  getProjectKarteMapping(@CurrentOperator() operator: Operator, @Body() body: ProjectKarteMappingRequest): Promise<ProjectKarteMappingResponse | null> {
    return this.service.getOfProject(operator, body.projectId);
  }

  @Post('projectKarteMapping/upsert')
  @ApiOperation({ summary: "Set a project's KARTE mapping" })
  @ApiErrors('NOT_FOUND')
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: ProjectKarteMappingResponse })
  upsertProjectKarteMapping(
    @CurrentOperator() operator: Operator,
    @Body() body: UpsertProjectKarteMappingRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<ProjectKarteMappingResponse> {
    return this.service.upsertOfProject(operator, body.projectId, body.karteProjectId, audit);
  }

  @Post('organizationKarteMapping/get')
  @ApiOperation({ summary: "Get an organization's KARTE mapping" })
  @ReadCall()
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({
    description: 'The mapping, or null when the organization has none.',
    schema: { nullable: true, allOf: [{ $ref: getSchemaPath(OrganizationKarteMappingResponse) }] },
  })
  getOrganizationKarteMapping(
    @CurrentOperator() operator: Operator,
    @Body() body: OrganizationKarteMappingRequest,
  ): Promise<OrganizationKarteMappingResponse | null> {
    return this.service.getOfOrganization(operator, body.organizationId);
  }

  @Post('organizationKarteMapping/upsert')
  @ApiOperation({ summary: "Set an organization's KARTE mapping" })
  @ApiErrors('NOT_FOUND')
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: OrganizationKarteMappingResponse })
  upsertOrganizationKarteMapping(
    @CurrentOperator() operator: Operator,
    @Body() body: UpsertOrganizationKarteMappingRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<OrganizationKarteMappingResponse> {
    return this.service.upsertOfOrganization(operator, body.organizationId, body.karteOrganizationId, audit);
  }
}
