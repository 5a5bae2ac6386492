import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '../../common/openapi/decorators';
import { Access } from '../../common/auth/access.decorator';
import { CurrentOperator } from '../../common/auth/current-operator.decorator';
import type { Operator } from '../../common/auth/operator';
import { ApiPageOkResponse, type Page } from '../../common/http/paging';
import { ReadCall } from '../../common/http/read-call';
import { ApiErrors } from '../../common/openapi/error-answers';
import { AuditContext } from '../audit/audit-context';
import {
  CreateWebhookEndpointRequest,
  EventCatalogueResponse,
  EventPageResponse,
  IssuedWebhookSecretResponse,
  ListEventsRequest,
  ListWebhookDeliveriesRequest,
  ReplayedDeliveriesResponse,
  UpdateWebhookEndpointRequest,
  WebhookDeliveryIdRequest,
  WebhookDeliveryOnlyResponse,
  WebhookDeliveryResponse,
  WebhookEndpointIdRequest,
  WebhookEndpointListResponse,
  WebhookEndpointOnlyResponse,
} from './webhook.dto';
import { WebhookService } from './webhook.service';

/** Webhook endpoints of sibling products' credentials and their deliveries (docs/integration.md#change-events), managed by system administrators. */
@ApiTags('webhook')
@Controller('systemAdmin/webhook')
export class WebhookController {
  constructor(private readonly webhooks: WebhookService) {}

  @Post('createEndpoint')
  @ApiOperation({ summary: 'Create a webhook endpoint of a service credential (system administrators)' })
  @ApiErrors('NOT_FOUND', 'SERVICE_CREDENTIAL_REVOKED', 'SERVICE_CREDENTIAL_SCOPE_MISSING')
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: IssuedWebhookSecretResponse, description: 'The endpoint and its signing secret, shown this once.' })
  createEndpoint(
    @CurrentOperator() operator: Operator,
    @Body() body: CreateWebhookEndpointRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<IssuedWebhookSecretResponse> {
    return this.webhooks.createEndpoint(operator, body, audit);
  }

  @Post('updateEndpoint')
  @ApiOperation({ summary: "Change a webhook endpoint's address, event types or state" })
  @ApiErrors('NOT_FOUND')
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: WebhookEndpointOnlyResponse })
  updateEndpoint(
    @CurrentOperator() operator: Operator,
    @Body() body: UpdateWebhookEndpointRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<WebhookEndpointOnlyResponse> {
    return this.webhooks.updateEndpoint(operator, body, audit);
  }

  @Post('rotateEndpointSecret')
  @ApiOperation({ summary: 'Issue a new signing secret of a webhook endpoint (the old one stops signing at once)' })
  @ApiErrors('NOT_FOUND')
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: IssuedWebhookSecretResponse, description: 'The endpoint and its new signing secret, shown this once.' })
  rotateEndpointSecret(
    @CurrentOperator() operator: Operator,
    @Body() body: WebhookEndpointIdRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<IssuedWebhookSecretResponse> {
    return this.webhooks.rotateEndpointSecret(operator, body.endpointId, audit);
  }

  @Post('deleteEndpoint')
  @ApiOperation({ summary: 'Delete a webhook endpoint and its deliveries' })
  @ApiErrors('NOT_FOUND')
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ schema: { type: 'object', properties: {}, additionalProperties: false }, description: 'Deleted.' })
  deleteEndpoint(
    @CurrentOperator() operator: Operator,
    @Body() body: WebhookEndpointIdRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<Record<string, never>> {
    return this.webhooks.deleteEndpoint(operator, body.endpointId, audit);
  }

  @Post('listEndpoints')
  @ApiOperation({ summary: 'List the webhook endpoints with their deliveries by status (system administrators)' })
  @ReadCall()
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiBody({ schema: { type: 'object', properties: {} }, required: false })
  @ApiOkResponse({ type: WebhookEndpointListResponse })
  listEndpoints(@CurrentOperator() operator: Operator): Promise<WebhookEndpointListResponse> {
    return this.webhooks.listEndpoints(operator);
  }

  @Post('listDeliveries')
  @ApiOperation({ summary: "A webhook endpoint's deliveries, newest first, by page" })
  @ReadCall()
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiPageOkResponse(WebhookDeliveryResponse, 'Its deliveries (of the status asked), newest first.')
  listDeliveries(@CurrentOperator() operator: Operator, @Body() body: ListWebhookDeliveriesRequest): Promise<Page<WebhookDeliveryResponse>> {
    return this.webhooks.listDeliveries(operator, body);
  }

  @Post('replayDelivery')
  @ApiOperation({ summary: 'Deliver a failed webhook delivery again (a fresh series of attempts)' })
  @ApiErrors('NOT_FOUND')
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: WebhookDeliveryOnlyResponse, description: 'The delivery, pending again; VALIDATION_FAILED unless it had failed.' })
  replayDelivery(
    @CurrentOperator() operator: Operator,
    @Body() body: WebhookDeliveryIdRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<WebhookDeliveryOnlyResponse> {
    return this.webhooks.replayDelivery(operator, body.deliveryId, audit);
  }

  @Post('replayFailed')
  @ApiOperation({ summary: 'Deliver every failed delivery of a webhook endpoint again' })
  @ApiErrors('NOT_FOUND')
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiOkResponse({ type: ReplayedDeliveriesResponse })
  replayFailed(
    @CurrentOperator() operator: Operator,
    @Body() body: WebhookEndpointIdRequest,
    @AuditContext() audit: AuditContext,
  ): Promise<ReplayedDeliveriesResponse> {
    return this.webhooks.replayFailed(operator, body.endpointId, audit);
  }

  @Post('eventCatalogue')
  @ApiOperation({ summary: 'The change event types with the JSON Schema of each (system administrators)' })
  @ReadCall()
  @HttpCode(200)
  @Access('systemAdmin')
  @ApiBody({ schema: { type: 'object', properties: {} }, required: false })
  @ApiOkResponse({ type: EventCatalogueResponse, description: 'Generated from packages/domain/src/events.ts, as docs/events.md.' })
  eventCatalogue(@CurrentOperator() operator: Operator): EventCatalogueResponse {
    return this.webhooks.eventCatalogue(operator);
  }
}

/** The pull API of the change events (docs/integration.md#pulling-events), with a credential holding events:receive. */
@ApiTags('service')
@Controller('service')
export class ServiceEventsController {
  constructor(private readonly webhooks: WebhookService) {}

  @Post('events/list')
  @ApiOperation({ summary: 'The change events after a cursor, in commit order (sibling products)' })
  @ReadCall()
  @HttpCode(200)
  @Access('service', 'events:receive')
  @ApiBody({ type: ListEventsRequest, required: false })
  @ApiOkResponse({
    type: EventPageResponse,
    description: 'Up to limit events after the cursor; an event is listed once every transaction that started before its own has ended.',
  })
  listEvents(@Body() body: ListEventsRequest): Promise<EventPageResponse> {
    return this.webhooks.listEvents(body);
  }
}
