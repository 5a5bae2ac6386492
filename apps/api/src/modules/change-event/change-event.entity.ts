import type { EventType } from '@console/domain';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { MutableAudit } from '../../database/audit.columns';

/**
 * A change event (docs/integration.md#change-events): written by AuditService in the transaction
 * of the audited change it tells of, never updated. Its table also has `txid` (xid8, the writing
 * transaction's id, set by the database), which with `seq` orders the events for the pull API (see
 * change-event.sql.ts).
 */
@Entity('change_events')
export class ChangeEventEntity {
  /** `evt_` + a domain id: the envelope's id and the webhook-id of its deliveries. */
  @PrimaryColumn({ type: 'varchar', length: 20 })
  id: string;

  /** The order of the events within their transaction (a bigserial, read as a string). */
  @Column({ type: 'bigint', insert: false, update: false })
  seq: string;

  @Column({ type: 'varchar', length: 64 })
  type: EventType;

  @Column({ type: 'jsonb' })
  data: Record<string, string | null>;

  /** The database's clock when the event is written. */
  @Column({ name: 'occurred_at', type: 'timestamptz', default: () => 'clock_timestamp()' })
  occurredAt: Date;
}

/** A sibling product's endpoint that receives the events as webhooks, under one of its service credentials. */
@Entity('webhook_endpoints')
export class WebhookEndpointEntity extends MutableAudit {
  @PrimaryColumn({ type: 'varchar', length: 12 })
  id: string;

  @Column({ name: 'credential_id', type: 'varchar', length: 12 })
  credentialId: string;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  /** The event types it receives; empty: all. */
  @Column({ name: 'event_types', type: 'jsonb' })
  eventTypes: EventType[];

  @Column({ type: 'boolean' })
  enabled: boolean;

  /**
   * The key that signs its deliveries (`whsec_<base64 key>`), sealed with AES-256-GCM under a key
   * of SECRET_SEALING_KEYS (common/crypto/secret-cipher.ts): not hashed, since the console signs with it;
   * shown once, when issued.
   */
  @Column({ type: 'varchar', length: 400 })
  secret: string;
}

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * The delivery of an event to an endpoint, with the queue job that delivers it (`jobId`): pending
 * (waiting, being attempted or retrying) → succeeded, or failed (given up after the retries, or
 * refused for good); a failed one can be replayed with a new job.
 */
@Entity('webhook_deliveries')
export class WebhookDeliveryEntity {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  id: string;

  @Column({ name: 'event_id', type: 'varchar', length: 20 })
  eventId: string;

  @Column({ name: 'endpoint_id', type: 'varchar', length: 12 })
  endpointId: string;

  @Column({ type: 'varchar', length: 10 })
  status: DeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** The queue job that delivers it (pg-boss); a job with another id finds nothing to do. */
  @Column({ name: 'job_id', type: 'uuid' })
  jobId: string;

  @Column({ name: 'last_status_code', type: 'integer', nullable: true })
  lastStatusCode: number | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'latency_ms', type: 'integer', nullable: true })
  latencyMs: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;
}
