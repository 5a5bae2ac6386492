import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Change events and their webhooks (docs/integration.md#change-events): the events, written in the
 * transaction of the change with the id of that transaction (`txid`, for the pull API's order);
 * the endpoints of sibling products' credentials; a delivery per event and endpoint with the queue
 * job that delivers it.
 */
export class ChangeEvents1795650000000 implements MigrationInterface {
  name = 'ChangeEvents1795650000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE change_events (
      id varchar(20) PRIMARY KEY,
      seq bigserial NOT NULL,
      txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      type varchar(64) NOT NULL,
      data jsonb NOT NULL,
      occurred_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`);
    await q.query(`CREATE UNIQUE INDEX change_events_position_idx ON change_events (txid, seq)`);
    await q.query(`CREATE TABLE webhook_endpoints (
      id varchar(12) PRIMARY KEY,
      credential_id varchar(12) NOT NULL REFERENCES service_credentials(id) ON DELETE CASCADE,
      url varchar(2048) NOT NULL,
      event_types jsonb NOT NULL,
      enabled boolean NOT NULL,
      secret varchar(100) NOT NULL,
      created_by_id varchar(10) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_by_id varchar(10) NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE webhook_deliveries (
      id varchar(16) PRIMARY KEY,
      event_id varchar(20) NOT NULL REFERENCES change_events(id) ON DELETE CASCADE,
      endpoint_id varchar(12) NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
      status varchar(10) NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      job_id uuid NOT NULL,
      last_status_code integer,
      last_error text,
      latency_ms integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_attempt_at timestamptz,
      next_attempt_at timestamptz,
      UNIQUE (event_id, endpoint_id)
    )`);
    await q.query(`CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, status, created_at DESC, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS webhook_deliveries`);
    await q.query(`DROP TABLE IF EXISTS webhook_endpoints`);
    await q.query(`DROP TABLE IF EXISTS change_events`);
  }
}
