import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log: one row per change made through the API, written in the transaction of the
 * change. No foreign keys: an event outlives what it names. Listed newest first, per organization
 * or across all of them, by keyset (occurred_at, id).
 */
export class AuditEvents1763810000000 implements MigrationInterface {
  name = 'AuditEvents1763810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE audit_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      occurred_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      actor_account_id varchar(10),
      actor_is_system_admin boolean NOT NULL DEFAULT false,
      action varchar(64) NOT NULL,
      target_type varchar(32) NOT NULL,
      target_id varchar(128) NOT NULL,
      organization_id varchar(8),
      project_id varchar(8),
      changes jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(changes) = 'object'),
      request_id varchar(200),
      ip varchar(64),
      user_agent varchar(1000))`);
    await q.query(`CREATE INDEX audit_events_organization_idx ON audit_events (organization_id, occurred_at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_events_occurred_at_idx ON audit_events (occurred_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS audit_events`);
  }
}
