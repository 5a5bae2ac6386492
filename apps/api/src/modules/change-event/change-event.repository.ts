import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { DataSource, In, type UpdateQueryBuilder } from 'typeorm';
import type { ListWindow } from '../../common/http/paging-sql';
import { decodeDeletedCount, deleteOldestRows, readRows } from '../../database/typed-sql';
import { ChangeEventEntity, WebhookDeliveryEntity, WebhookEndpointEntity, type DeliveryStatus } from './change-event.entity';
import * as sql from './change-event.sql';
import type { ClaimedDelivery, DeliveryRow, EventPosition, EventRow } from './change-event.sql';

export type { ClaimedDelivery, DeliveryRow, EventPosition, EventRow } from './change-event.sql';

export type NewDelivery = Pick<WebhookDeliveryEntity, 'id' | 'eventId' | 'endpointId' | 'jobId'>;

/** The only place that reads and writes change events, webhook endpoints and deliveries. */
@Injectable()
export class ChangeEventRepository {
  constructor(
    /** The pool itself, for the statements of deliveries that never belong to a caller's transaction. */
    private readonly dataSource: DataSource,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
  ) {}

  private events() {
    return this.txHost.tx.getRepository(ChangeEventEntity);
  }

  private endpoints() {
    return this.txHost.tx.getRepository(WebhookEndpointEntity);
  }

  private deliveries() {
    return this.txHost.tx.getRepository(WebhookDeliveryEntity);
  }

  /** Writes the events and their deliveries in the transaction in progress — there must be one (that of the change). */
  async insert(events: readonly Pick<ChangeEventEntity, 'id' | 'type' | 'data'>[], deliveries: readonly NewDelivery[]): Promise<void> {
    await this.txHost.withTransaction(Propagation.Mandatory, async () => {
      if (events.length > 0) await this.events().insert([...events]);
      if (deliveries.length > 0) await this.deliveries().insert(deliveries.map((d) => ({ ...d, status: 'pending' as const, attempts: 0 })));
    });
  }

  /** The endpoints that receive events now, with the types each receives (empty: all). */
  subscribedEndpoints(): Promise<Pick<WebhookEndpointEntity, 'id' | 'eventTypes'>[]> {
    return readRows(this.txHost.tx, sql.SUBSCRIBED_ENDPOINTS, sql.decodeSubscriber);
  }

  /** Events for the pull API (see {@link sql.eventPage}). */
  eventPage(after: EventPosition | null, limit: number, types: readonly string[] | null): Promise<EventRow[]> {
    return readRows(this.txHost.tx, sql.eventPage(after, limit, types), sql.decodeEventRow);
  }

  findEvent(id: string): Promise<ChangeEventEntity | null> {
    return this.events().findOneBy({ id });
  }

  // Endpoints.

  listEndpoints(limit: number): Promise<WebhookEndpointEntity[]> {
    return this.endpoints().find({ order: { createdAt: 'DESC', id: 'ASC' }, take: limit });
  }

  /** The endpoint, its row locked until the transaction in progress ends. */
  findEndpointForUpdate(id: string): Promise<WebhookEndpointEntity | null> {
    return this.endpoints().findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async insertEndpoint(endpoint: WebhookEndpointEntity): Promise<void> {
    await this.endpoints().insert(endpoint);
  }

  async updateEndpoint(id: string, change: Partial<Pick<WebhookEndpointEntity, 'url' | 'eventTypes' | 'enabled' | 'secret' | 'updatedById'>>): Promise<void> {
    await this.endpoints().update({ id }, change);
  }

  async deleteEndpoint(id: string): Promise<void> {
    await this.endpoints().delete({ id });
  }

  /** Deliveries of each endpoint by status. */
  async deliveryCounts(endpointIds: readonly string[]): Promise<Map<string, Record<DeliveryStatus, number>>> {
    const counts = new Map<string, Record<DeliveryStatus, number>>(endpointIds.map((id) => [id, { pending: 0, succeeded: 0, failed: 0 }]));
    if (endpointIds.length === 0) return counts;
    for (const row of await readRows(this.txHost.tx, sql.deliveryCounts(endpointIds), sql.decodeDeliveryCount)) {
      const of = counts.get(row.endpointId);
      if (of) of[row.status] = row.count;
    }
    return counts;
  }

  // Deliveries.

  /** One page of the endpoint's deliveries (of `status` when given), newest first. */
  deliveryPage(endpointId: string, status: DeliveryStatus | null, window: ListWindow): Promise<DeliveryRow[]> {
    return readRows(this.txHost.tx, sql.deliveryPage(endpointId, status, window), sql.decodeDeliveryRow);
  }

  findDelivery(id: string): Promise<WebhookDeliveryEntity | null> {
    return this.deliveries().findOneBy({ id });
  }

  failedDeliveries(endpointId: string): Promise<WebhookDeliveryEntity[]> {
    return this.deliveries().find({ where: { endpointId, status: 'failed' }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  eventsById(ids: readonly string[]): Promise<ChangeEventEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.events().findBy({ id: In([...ids]) });
  }

  /** Puts a failed delivery back to pending with job `jobId` and a fresh count of attempts; false when it was not failed. */
  async requeue(id: string, jobId: string): Promise<boolean> {
    const result = await this.deliveries()
      .createQueryBuilder()
      .update()
      .set({ status: 'pending', jobId, attempts: 0, lastError: null, lastStatusCode: null, latencyMs: null, nextAttemptAt: null })
      .where({ id, status: 'failed' })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Starts an attempt of job `jobId` at the delivery; null when it is done or another job's. */
  async startAttempt(id: string, jobId: string): Promise<ClaimedDelivery | null> {
    const [delivery] = await readRows(this.dataSource, sql.startAttempt(id, jobId), sql.decodeClaimed);
    return delivery ?? null;
  }

  /** Records the outcome of job `jobId`'s attempt; false when the delivery is no longer that job's pending one. */
  async record(id: string, jobId: string, change: Parameters<UpdateQueryBuilder<WebhookDeliveryEntity>['set']>[0]): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(WebhookDeliveryEntity)
      .createQueryBuilder()
      .update()
      .set(change)
      .where({ id, jobId, status: 'pending' })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Deletes a batch of the events older than `retentionDays` with their deliveries; the number of events deleted. */
  async deleteOlderThan(retentionDays: number, batchSize: number): Promise<number> {
    const [row] = await readRows(this.dataSource, deleteOldestRows(ChangeEventEntity, 'change_events', retentionDays, batchSize), decodeDeletedCount);
    return row?.count ?? 0;
  }
}
