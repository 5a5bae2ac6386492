import { ApiProperty, ApiPropertyOptional } from '../../common/openapi/decorators';
import { EVENT_TYPES, PRODUCT_KEYS, type EventType, type ProductKey } from '@console/domain';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsOptional, Max, Min, ValidateIf } from '../../common/validation/class-validator';
import { PageCursor, PageLimit } from '../../common/http/paging';
import { IsDomainId, IsHttpUrl } from '../../common/http/validators';
import { isoTime, isoTimeOrNull } from '../../common/http/iso-time';
import { DELIVERY_STATUSES, type ChangeEventEntity, type DeliveryStatus, type WebhookDeliveryEntity } from '../change-event/change-event.entity';

/** Most events one pull returns. */
const MAX_EVENTS_PER_PULL = 500;

const EVENT_TYPES_PROPERTY = {
  enum: EVENT_TYPES,
  enumName: 'EventType',
  isArray: true,
  example: ['membership.removed', 'membership.roleChanged'],
} as const;

export class CreateWebhookEndpointRequest {
  @ApiProperty({ minLength: 12, maxLength: 12, example: 'c1R2e3D4e5N6', description: 'The service credential it belongs to; it must hold events:receive.' })
  @IsDomainId('serviceCredential')
  credentialId: string;

  @ApiProperty({ maxLength: 2048, example: 'https://knowledge.example.jp/hooks/console', description: 'Where the events are posted (https in production).' })
  @IsHttpUrl()
  url: string;

  @ApiProperty({ ...EVENT_TYPES_PROPERTY, description: 'The event types it receives; empty: all.' })
  @IsArray()
  @ArrayUnique()
  @IsIn(EVENT_TYPES, { each: true })
  eventTypes: EventType[];
}

export class WebhookEndpointIdRequest {
  @ApiProperty({ minLength: 12, maxLength: 12, example: 'w1E2b3H4o5K6' })
  @IsDomainId('webhookEndpoint')
  endpointId: string;
}

export class UpdateWebhookEndpointRequest extends WebhookEndpointIdRequest {
  @ApiPropertyOptional({ maxLength: 2048, example: 'https://knowledge.example.jp/hooks/console' })
  @ValidateIf((_, value) => value !== undefined)
  @IsHttpUrl()
  url?: string;

  @ApiPropertyOptional({ ...EVENT_TYPES_PROPERTY, description: 'The event types it receives; empty: all.' })
  @ValidateIf((_, value) => value !== undefined)
  @IsArray()
  @ArrayUnique()
  @IsIn(EVENT_TYPES, { each: true })
  eventTypes?: EventType[];

  @ApiPropertyOptional({ description: 'A disabled endpoint gets no new deliveries; its pending ones fail (and can be replayed once it is enabled again).' })
  @ValidateIf((_, value) => value !== undefined)
  @IsBoolean()
  enabled?: boolean;
}

export class WebhookDeliveryCountsResponse {
  @ApiProperty({ type: 'integer' }) pending: number;
  @ApiProperty({ type: 'integer' }) succeeded: number;
  @ApiProperty({ type: 'integer' }) failed: number;
}

export class WebhookEndpointResponse {
  @ApiProperty({ minLength: 12, maxLength: 12 }) id: string;
  @ApiProperty({ minLength: 12, maxLength: 12 }) credentialId: string;
  @ApiProperty({ example: 'ナレッジ 本番' }) credentialName: string;
  @ApiProperty({ enum: PRODUCT_KEYS, enumName: 'ProductKey' }) product: ProductKey;
  @ApiProperty({ example: 'https://knowledge.example.jp/hooks/console' }) url: string;
  @ApiProperty({ ...EVENT_TYPES_PROPERTY, description: 'The event types it receives; empty: all.' }) eventTypes: EventType[];
  @ApiProperty() enabled: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: WebhookDeliveryCountsResponse, description: 'Its deliveries by status.' }) deliveries: WebhookDeliveryCountsResponse;
}

export class WebhookEndpointOnlyResponse {
  @ApiProperty({ type: WebhookEndpointResponse }) endpoint: WebhookEndpointResponse;
}

export class IssuedWebhookSecretResponse extends WebhookEndpointOnlyResponse {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'The signing secret, shown this once (Standard Webhooks: whsec_ + the base64 key).',
  })
  secret: string;
}

export class WebhookEndpointListResponse {
  @ApiProperty({ type: [WebhookEndpointResponse], description: 'Every endpoint, newest first.' }) items: WebhookEndpointResponse[];
}

export class ListWebhookDeliveriesRequest extends WebhookEndpointIdRequest {
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES, enumName: 'WebhookDeliveryStatus' })
  @IsOptional()
  @IsIn(DELIVERY_STATUSES)
  status?: DeliveryStatus;

  @PageCursor()
  cursor?: string;

  @PageLimit({ description: 'Rows per page (default 50).' })
  limit?: number;
}

export class WebhookDeliveryResponse {
  @ApiProperty({ minLength: 16, maxLength: 16 }) id: string;
  @ApiProperty({ example: 'evt_e1V2e3N4t5I6d7X8' }) eventId: string;
  @ApiProperty({ enum: EVENT_TYPES, enumName: 'EventType' }) eventType: EventType;
  @ApiProperty({
    enum: DELIVERY_STATUSES,
    enumName: 'WebhookDeliveryStatus',
    description:
      'pending: waiting, being attempted or retrying; failed: given up after the retries (about 3 days) or refused for good (e.g. a private address).',
  })
  status: DeliveryStatus;
  @ApiProperty({ type: 'integer', description: 'Attempts made (since it was last replayed).' }) attempts: number;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The HTTP status of the last answer; null without one.' }) lastStatusCode: number | null;
  @ApiProperty({ type: String, nullable: true, example: 'HTTP 503' }) lastError: string | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'How long the last attempt took, in milliseconds.' }) latencyMs: number | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastAttemptAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'About when it is retried (the queue adds jitter); null unless retrying.' })
  nextAttemptAt: string | null;
}

export class WebhookDeliveryIdRequest {
  @ApiProperty({ minLength: 16, maxLength: 16, example: 'd1E2l3I4v5E6r7Y8' })
  @IsDomainId('webhookDelivery')
  deliveryId: string;
}

export class WebhookDeliveryOnlyResponse {
  @ApiProperty({ type: WebhookDeliveryResponse }) delivery: WebhookDeliveryResponse;
}

export class ReplayedDeliveriesResponse {
  @ApiProperty({ type: 'integer', description: 'Failed deliveries queued again.' }) replayed: number;
}

export class EventCatalogueEntryResponse {
  @ApiProperty({ enum: EVENT_TYPES, enumName: 'EventType' }) type: EventType;
  @ApiProperty({ example: 'An account was removed from an organization (and so from its projects) or from a project.' }) description: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: "The JSON Schema (2020-12) of the type's envelope.",
    example: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'membership.removed',
      type: 'object',
      required: ['id', 'type', 'timestamp', 'data'],
    },
  })
  schema: Record<string, unknown>;
}

export class EventCatalogueResponse {
  @ApiProperty({ type: [EventCatalogueEntryResponse] }) items: EventCatalogueEntryResponse[];
}

// The pull API of sibling products.

export class ListEventsRequest {
  @PageCursor()
  after?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_EVENTS_PER_PULL, description: 'Events per page (default 100).' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_EVENTS_PER_PULL)
  limit?: number;

  @ApiPropertyOptional({ ...EVENT_TYPES_PROPERTY, description: 'Only these types; omitted or empty: all.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(EVENT_TYPES.length)
  @IsIn(EVENT_TYPES, { each: true })
  types?: EventType[];
}

export class EventResponse {
  @ApiProperty({ example: 'evt_e1V2e3N4t5I6d7X8' }) id: string;
  @ApiProperty({ enum: EVENT_TYPES, enumName: 'EventType', example: 'membership.removed' }) type: EventType;
  @ApiProperty({ format: 'date-time' }) timestamp: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { organizationId: 'o1P2q3R4', projectId: null, accountId: 'a1B2c3D4e5' },
    description: "The type's data (its JSON Schema: systemAdmin/webhook/eventCatalogue, docs/events.md).",
  })
  data: Record<string, string | null>;
}

export class EventPageResponse {
  @ApiProperty({ type: [EventResponse], description: 'In commit order (see docs/integration.md#pulling-events).' }) items: EventResponse[];
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Pass as after for the next call: the position after the last item, or the cursor given when no event follows yet (ask again later). Null only when there is no event at all yet.',
  })
  nextCursor: string | null;
}

/** The envelope of an event: the body of its webhooks and an item of the pull API. */
export function toEventEnvelope(event: Pick<ChangeEventEntity, 'id' | 'type' | 'data' | 'occurredAt'>): EventResponse {
  return { id: event.id, type: event.type, timestamp: isoTime(event.occurredAt), data: event.data };
}

export function toWebhookDeliveryResponse(delivery: WebhookDeliveryEntity, eventType: EventType): WebhookDeliveryResponse {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    latencyMs: delivery.latencyMs,
    createdAt: isoTime(delivery.createdAt),
    lastAttemptAt: isoTimeOrNull(delivery.lastAttemptAt),
    nextAttemptAt: delivery.status === 'pending' ? isoTimeOrNull(delivery.nextAttemptAt) : null,
  };
}
