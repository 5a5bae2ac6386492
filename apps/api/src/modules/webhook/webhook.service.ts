import { Inject, Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Actions, DomainError, eventCatalogue, generateId, LIST_PAGE_SIZE, UNPAGED_LIST_CAP, type EventType } from '@console/domain';
import type { Operator } from '../../common/auth/operator';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { encodeCursor, Keyset } from '../../common/http/paging-sql';
import { listWindow, pageOf, type Page } from '../../common/http/paging';
import type { AuditContext } from '../audit/audit-context';
import { AuditService, changedFields } from '../audit/audit.service';
import { WebhookEndpointEntity, type DeliveryStatus, type WebhookDeliveryEntity } from '../change-event/change-event.entity';
import { ChangeEventRepository, type EventPosition } from '../change-event/change-event.repository';
import { DELIVERY_KEYSET } from '../change-event/change-event.sql';
import { WEBHOOK_JOB, type WebhookJob } from '../change-event/change-event.writer';
import { AccessService } from '../membership/access.service';
import { JobQueue } from '../queue/job-queue';
import { ServiceCredentialRepository } from '../service-credential/service-credential.repository';
import {
  toEventEnvelope,
  toWebhookDeliveryResponse,
  type EventCatalogueResponse,
  type EventPageResponse,
  type IssuedWebhookSecretResponse,
  type WebhookDeliveryResponse,
  type WebhookEndpointResponse,
} from './webhook.dto';
import { SecretCipher } from '../../common/crypto/secret-cipher';
import { isoTime } from '../../common/http/iso-time';
import { newWebhookSecret } from './webhook-signature';

/** Events per pull page unless asked otherwise. */
const DEFAULT_EVENTS_PER_PULL = 100;

/** The pull API's cursor: the position of the last event read, (transaction id, seq), both decimal. */
const EVENT_KEYSET = new Keyset([
  { sql: 'e.txid', part: 'text' },
  { sql: 'e.seq', part: 'text' },
]);

function eventPosition(cursor: string): EventPosition {
  const [txid, seq] = EVENT_KEYSET.decode(cursor);
  if (txid === undefined || seq === undefined || !/^\d{1,20}$/.test(txid) || !/^\d{1,20}$/.test(seq)) {
    throw new DomainError('VALIDATION_FAILED', 'after must be the nextCursor of a previous page');
  }
  return { txid, seq };
}

/**
 * Webhook endpoints of sibling products' credentials and their deliveries, managed by system
 * administrators (each change and its audit event in one transaction), the event catalogue, and
 * the pull API of the events (docs/integration.md#change-events).
 */
@Injectable()
export class WebhookService {
  private readonly requireHttps: boolean;

  constructor(
    private readonly transactions: TransactionHost,
    private readonly access: AccessService,
    private readonly events: ChangeEventRepository,
    private readonly credentials: ServiceCredentialRepository,
    private readonly queue: JobQueue,
    private readonly audit: AuditService,
    private readonly cipher: SecretCipher,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'webhooks'>,
  ) {
    this.requireHttps = config.webhooks.requireHttps;
  }

  async createEndpoint(
    operator: Operator,
    input: { credentialId: string; url: string; eventTypes: EventType[] },
    audit: AuditContext,
  ): Promise<IssuedWebhookSecretResponse> {
    this.access.assert(operator, Actions.ServiceCredentialManage);
    this.assertEndpointUrl(input.url);
    return this.transactions.withTransaction(async () => {
      const credential = await this.credentials.findByIdForUpdate(input.credentialId);
      if (!credential) throw new DomainError('NOT_FOUND');
      if (credential.revokedAt !== null) throw new DomainError('SERVICE_CREDENTIAL_REVOKED');
      if (!credential.scopes.includes('events:receive')) throw new DomainError('SERVICE_CREDENTIAL_SCOPE_MISSING');
      const secret = newWebhookSecret();
      const endpoint = Object.assign(new WebhookEndpointEntity(), {
        id: generateId('webhookEndpoint'),
        credentialId: credential.id,
        url: input.url,
        eventTypes: input.eventTypes,
        enabled: true,
        secret: this.cipher.seal(secret),
        createdById: operator.id,
        updatedById: operator.id,
      } satisfies Omit<WebhookEndpointEntity, 'createdAt' | 'updatedAt'>);
      await this.events.insertEndpoint(endpoint);
      await this.audit.record(audit, {
        action: 'webhookEndpoint.create',
        targetType: 'webhookEndpoint',
        targetId: endpoint.id,
        changes: changedFields(null, { credentialId: credential.id, url: input.url, eventTypes: input.eventTypes, enabled: true }),
      });
      return { endpoint: await this.endpointResponse(endpoint.id), secret };
    });
  }

  async updateEndpoint(
    operator: Operator,
    input: { endpointId: string; url?: string; eventTypes?: EventType[]; enabled?: boolean },
    audit: AuditContext,
  ): Promise<{ endpoint: WebhookEndpointResponse }> {
    this.access.assert(operator, Actions.ServiceCredentialManage);
    if (input.url !== undefined) this.assertEndpointUrl(input.url);
    return this.transactions.withTransaction(async () => {
      const before = await this.endpointForUpdate(input.endpointId);
      const change = { url: input.url, eventTypes: input.eventTypes, enabled: input.enabled };
      const changes = changedFields(before, change);
      if (Object.keys(changes).length > 0) {
        await this.events.updateEndpoint(before.id, { ...change, updatedById: operator.id });
        await this.audit.record(audit, { action: 'webhookEndpoint.update', targetType: 'webhookEndpoint', targetId: before.id, changes });
      }
      return { endpoint: await this.endpointResponse(before.id) };
    });
  }

  /** A new signing secret; the old one stops signing at once (the receiver should accept both for a while). */
  async rotateEndpointSecret(operator: Operator, endpointId: string, audit: AuditContext): Promise<IssuedWebhookSecretResponse> {
    this.access.assert(operator, Actions.ServiceCredentialManage);
    return this.transactions.withTransaction(async () => {
      await this.endpointForUpdate(endpointId);
      const secret = newWebhookSecret();
      await this.events.updateEndpoint(endpointId, { secret: this.cipher.seal(secret), updatedById: operator.id });
      await this.audit.record(audit, { action: 'webhookEndpoint.rotateSecret', targetType: 'webhookEndpoint', targetId: endpointId });
      return { endpoint: await this.endpointResponse(endpointId), secret };
    });
  }

  /** Deletes the endpoint with its deliveries (their jobs find nothing to do). */
  async deleteEndpoint(operator: Operator, endpointId: string, audit: AuditContext): Promise<Record<string, never>> {
    this.access.assert(operator, Actions.ServiceCredentialManage);
    return this.transactions.withTransaction(async () => {
      const endpoint = await this.endpointForUpdate(endpointId);
      await this.events.deleteEndpoint(endpointId);
      await this.audit.record(audit, {
        action: 'webhookEndpoint.delete',
        targetType: 'webhookEndpoint',
        targetId: endpointId,
        changes: { url: { before: endpoint.url, after: null } },
      });
      return {};
    });
  }

  async listEndpoints(operator: Operator): Promise<{ items: WebhookEndpointResponse[] }> {
    this.access.assert(operator, Actions.ServiceCredentialManage);
    return { items: await this.endpointResponses(await this.events.listEndpoints(UNPAGED_LIST_CAP)) };
  }

  async listDeliveries(
    operator: Operator,
    request: { endpointId: string; status?: DeliveryStatus; cursor?: string; limit?: number },
  ): Promise<Page<WebhookDeliveryResponse>> {
    this.access.assert(operator, Actions.ServiceCredentialManage);
    const window = listWindow({ limit: request.limit ?? LIST_PAGE_SIZE, cursor: request.cursor }, DELIVERY_KEYSET);
    const rows = await this.events.deliveryPage(request.endpointId, request.status ?? null, window);
    return pageOf(
      rows,
      window.pageSize ?? LIST_PAGE_SIZE,
      (row) => [row.createdAtKey, row.id],
      (row) => toWebhookDeliveryResponse(row, row.eventType),
    );
  }

  /** Queues a failed delivery again with a fresh count of attempts. */
  async replayDelivery(operator: Operator, deliveryId: string, audit: AuditContext): Promise<{ delivery: WebhookDeliveryResponse }> {
    this.access.assert(operator, Actions.ServiceCredentialManage);
    return this.transactions.withTransaction(async () => {
      const delivery = await this.events.findDelivery(deliveryId);
      if (!delivery) throw new DomainError('NOT_FOUND');
      if (!(await this.replay([delivery]))) throw new DomainError('VALIDATION_FAILED', 'Only a failed delivery can be replayed');
      await this.recordReplay(audit, [delivery]);
      const [replayed, [event]] = await Promise.all([this.events.findDelivery(deliveryId), this.events.eventsById([delivery.eventId])]);
      if (!replayed || !event) throw new DomainError('NOT_FOUND');
      return { delivery: toWebhookDeliveryResponse(replayed, event.type) };
    });
  }

  /** Queues every failed delivery of the endpoint again. */
  async replayFailed(operator: Operator, endpointId: string, audit: AuditContext): Promise<{ replayed: number }> {
    this.access.assert(operator, Actions.ServiceCredentialManage);
    return this.transactions.withTransaction(async () => {
      await this.endpointForUpdate(endpointId);
      const failed = await this.events.failedDeliveries(endpointId);
      const replayed = await this.replay(failed);
      await this.recordReplay(audit, failed);
      return { replayed };
    });
  }

  eventCatalogue(operator: Operator): EventCatalogueResponse {
    this.access.assert(operator, Actions.ServiceCredentialManage);
    return { items: eventCatalogue() };
  }

  /** The events after `after`, in commit order (see change-event.sql.ts eventPage). */
  async listEvents(request: { after?: string; limit?: number; types?: EventType[] }): Promise<EventPageResponse> {
    const after = request.after === undefined ? null : eventPosition(request.after);
    const types = request.types === undefined || request.types.length === 0 ? null : request.types;
    const rows = await this.events.eventPage(after, request.limit ?? DEFAULT_EVENTS_PER_PULL, types);
    const last = rows.at(-1);
    return {
      items: rows.map(toEventEnvelope),
      nextCursor: last === undefined ? (request.after ?? null) : encodeCursor([last.txid, last.seq]),
    };
  }

  /** Puts failed deliveries back to pending, each with a new job; the number put back. */
  private async replay(deliveries: readonly WebhookDeliveryEntity[]): Promise<number> {
    let replayed = 0;
    for (const delivery of deliveries) {
      const jobId = await this.queue.add(WEBHOOK_JOB, { deliveryId: delivery.id } satisfies WebhookJob);
      if (await this.events.requeue(delivery.id, jobId)) replayed += 1;
    }
    return replayed;
  }

  private async recordReplay(audit: AuditContext, deliveries: readonly WebhookDeliveryEntity[]): Promise<void> {
    await this.audit.recordAll(
      audit,
      deliveries.map((d) => ({
        action: 'webhookDelivery.replay',
        targetType: 'webhookDelivery',
        targetId: d.id,
        changes: changedFields(d, { status: 'pending' }),
      })),
    );
  }

  /** Outside dev and test (WEBHOOK_REQUIRE_HTTPS), an endpoint is https: the events and their signatures never travel in clear. */
  private assertEndpointUrl(url: string): void {
    if (this.requireHttps && new URL(url).protocol !== 'https:') {
      throw new DomainError('VALIDATION_FAILED', 'url must be an https URL: webhook endpoints are https outside dev and test');
    }
  }

  private async endpointForUpdate(endpointId: string): Promise<WebhookEndpointEntity> {
    const endpoint = await this.events.findEndpointForUpdate(endpointId);
    if (!endpoint) throw new DomainError('NOT_FOUND');
    return endpoint;
  }

  private async endpointResponse(endpointId: string): Promise<WebhookEndpointResponse> {
    const [response] = await this.endpointResponses([await this.endpointForUpdate(endpointId)]);
    if (!response) throw new DomainError('NOT_FOUND');
    return response;
  }

  private async endpointResponses(endpoints: readonly WebhookEndpointEntity[]): Promise<WebhookEndpointResponse[]> {
    const ids = endpoints.map((e) => e.id);
    const [counts, credentials] = await Promise.all([this.events.deliveryCounts(ids), this.credentials.byIds(endpoints.map((e) => e.credentialId))]);
    return endpoints.flatMap((endpoint) => {
      const credential = credentials.find((c) => c.id === endpoint.credentialId);
      if (!credential) return [];
      return [
        {
          id: endpoint.id,
          credentialId: endpoint.credentialId,
          credentialName: credential.name,
          product: credential.product,
          url: endpoint.url,
          eventTypes: endpoint.eventTypes,
          enabled: endpoint.enabled,
          createdAt: isoTime(endpoint.createdAt),
          deliveries: counts.get(endpoint.id) ?? { pending: 0, succeeded: 0, failed: 0 },
        },
      ];
    });
  }
}
