import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The e-mail outbox delivered through the job queue (pg-boss, docs/architecture.md#job-queue): a
 * message names the queue job that delivers it (`job_id`), and the outbox's own claiming columns
 * go. Messages still waiting at the upgrade keep `job_id` NULL and are handed to the queue when
 * the API starts (`MailDelivery.adoptWaiting`), so an upgrade loses no e-mail.
 */
export class EmailOutboxOnJobQueue1795642000000 implements MigrationInterface {
  name = 'EmailOutboxOnJobQueue1795642000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE email_outbox ADD COLUMN job_id uuid`);
    // A message being sent by a worker of the previous release waits again: it is handed to the queue.
    await q.query(`UPDATE email_outbox SET status = 'pending' WHERE status = 'sending'`);
    await q.query(`DROP INDEX IF EXISTS email_outbox_due_idx`);
    await q.query(`ALTER TABLE email_outbox DROP COLUMN next_attempt_at, DROP COLUMN locked_until, DROP COLUMN locked_by`);
    await q.query(`CREATE INDEX email_outbox_waiting_idx ON email_outbox (created_at) WHERE status IN ('pending', 'sending')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS email_outbox_waiting_idx`);
    await q.query(
      `ALTER TABLE email_outbox ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(), ADD COLUMN locked_until timestamptz, ADD COLUMN locked_by varchar(100)`,
    );
    await q.query(`CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status IN ('pending', 'sending')`);
    await q.query(`ALTER TABLE email_outbox DROP COLUMN job_id`);
  }
}
